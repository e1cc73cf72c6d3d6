/**
 * The IBAN rule shared by the bank-account form and the server contract, on the ibantools library:
 * the country's length and BBAN format from the ISO 13616 registry, the ISO 7064 check digits, the
 * national check digits where a country has them (ES, FR, BE, NL…), and SEPA membership from the
 * library's data rather than a hand-kept list. ibantools weighs ~8 KB gzip: only the bank form's
 * route and the contract (both off the first route) import this module.
 */
import { countrySpecs, isSEPACountry, ValidationErrorsIBAN, validateIBAN } from 'ibantools'
import { normalizeIban } from './validation-rules.ts'

/**
 * Why an IBAN is refused, most telling first: `country` no IBAN country, `format` wrong length or
 * characters for its country, `checksum` the IBAN's or the country's own check digits are wrong,
 * `qr` a Swiss QR-IBAN (it takes QR-bill payments with a reference only, so a transfer would bounce),
 * `sepa` a valid IBAN of a country outside SEPA (payouts are SEPA transfers).
 */
export type IbanProblem = 'country' | 'format' | 'checksum' | 'qr' | 'sepa'

/** The validation rule (`validation.<rule>` key) each problem answers with, on the server and the form. */
export const IBAN_PROBLEM_RULES = {
  country: 'iban',
  format: 'iban_format',
  checksum: 'iban_checksum',
  qr: 'iban_qr',
  sepa: 'iban_sepa',
} as const satisfies Record<IbanProblem, string>

/** The IBAN's country code when it starts with two letters, known to the registry or not. */
export function ibanCountryCode(value: string): string | null {
  return /^([A-Z]{2})/.exec(normalizeIban(value))?.[1] ?? null
}

/** The full length of an IBAN of this country, or null for a country without IBAN. */
export function ibanLength(country: string): number | null {
  return countrySpecs[country]?.chars ?? null
}

/** Null when the (normalised) IBAN can receive a payout, else the reason it cannot. */
export function ibanProblem(value: string): IbanProblem | null {
  const iban = normalizeIban(value)
  const country = ibanCountryCode(iban)
  if (!country || ibanLength(country) === null) return 'country'
  const { valid, errorCodes } = validateIBAN(iban, { allowQRIBAN: false })
  if (!valid) {
    const has = (code: ValidationErrorsIBAN) => errorCodes.includes(code)
    if (
      has(ValidationErrorsIBAN.NoIBANCountry) ||
      has(ValidationErrorsIBAN.WrongBBANLength) ||
      has(ValidationErrorsIBAN.WrongBBANFormat) ||
      has(ValidationErrorsIBAN.ChecksumNotNumber)
    )
      return 'format'
    if (
      has(ValidationErrorsIBAN.WrongIBANChecksum) ||
      has(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)
    )
      return 'checksum'
    if (has(ValidationErrorsIBAN.QRIBANNotAllowed)) return 'qr'
    return 'format'
  }
  return isSEPACountry(country) ? null : 'sepa'
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null
}
