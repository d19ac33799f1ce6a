export { type VatCountry, type VatCountryCode, vatCountries } from './countries';
export {
  isValidVatNumber,
  normaliseVatNumber,
  refineVatNumber,
  VAT_NUMBER_ERROR,
  type VatValidationResult,
  validateVat,
  vatNumberForCountry,
  vatNumberSchema,
  vatNumberTextSchema,
  vatRules,
  vatValidateQuerySchema,
  vatValidationResultSchema,
} from './validate';
