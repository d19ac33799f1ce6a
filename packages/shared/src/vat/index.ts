export { type VatCountry, type VatCountryCode, vatCountries } from './countries';
export {
  isValidVatNumber,
  normaliseVatNumber,
  VAT_NUMBER_ERROR,
  type VatValidationResult,
  validateVat,
  vatNumberSchema,
  vatRules,
  vatValidateQuerySchema,
  vatValidationResultSchema,
} from './validate';
