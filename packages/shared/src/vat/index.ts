export { type VatCountry, type VatCountryCode, vatCountries } from './countries';
export {
  isValidVatNumber,
  normaliseVatNumber,
  VAT_NUMBER_ERROR,
  type VatValidationResult,
  validateVat,
  vatNumberFits,
  vatNumberForCountry,
  vatNumberRefinement,
  vatNumberSchema,
  vatNumberTextSchema,
  vatRules,
  vatValidateQuerySchema,
  vatValidationResultSchema,
} from './validate';
