import { ConfigError, type Env, text } from './config-values'

/**
 * The platform's legal identity, printed on every document it is party to: the recipient of the
 * streamers' invoices, the issuer of their monthly statements. French law wants a company's name,
 * address, registration (SIREN) and VAT number on them.
 */
export interface LegalIdentity {
  name: string
  /** Postal address lines, country included. */
  address: string[]
  /** ISO code: decides domestic VAT or reverse charge on the invoices. */
  country: string
  /** SIREN for a French company (9 digits, printed as written), else the local registration. */
  registrationNumber: string
  vatNumber: string | undefined
}

// A company that does not exist, with a SIREN and VAT number of valid shape (the VAT key matches the
// SIREN): a local run prints complete documents; a deployment sets its own.
const DEMO: LegalIdentity = {
  name: 'Streamdeals SAS',
  address: ['12 rue de la Paix', '75002 Paris', 'France'],
  country: 'FR',
  registrationNumber: '123 456 824',
  vatNumber: 'FR40123456824',
}

const SIREN = /^\d{9}$/
// Two letters of country, then 2 to 13 letters or digits (every EU VAT number fits).
const VAT = /^[A-Z]{2}[0-9A-Z]{2,13}$/

/** The variable, or the name it had when it only named the invoices' recipient. */
const either = (env: Env, name: string, former: string) => text(env, name) ?? text(env, former)

/**
 * PLATFORM_LEGAL_NAME, _ADDRESS (lines separated by '|'), _COUNTRY, _SIREN and _VAT; the former
 * INVOICE_RECIPIENT_* names are still read. Each one left unset takes the demo value.
 */
export function legalIdentityFrom(env: Env): LegalIdentity {
  const address = either(env, 'PLATFORM_LEGAL_ADDRESS', 'INVOICE_RECIPIENT_ADDRESS')
  const country = (
    either(env, 'PLATFORM_LEGAL_COUNTRY', 'INVOICE_RECIPIENT_COUNTRY') ?? DEMO.country
  ).toUpperCase()
  if (!/^[A-Z]{2}$/.test(country))
    throw new ConfigError('PLATFORM_LEGAL_COUNTRY', `must be a two-letter country code, got "${country}"`)
  const registrationNumber = text(env, 'PLATFORM_LEGAL_SIREN') ?? DEMO.registrationNumber
  if (country === 'FR' && !SIREN.test(registrationNumber.replace(/\s+/g, '')))
    throw new ConfigError(
      'PLATFORM_LEGAL_SIREN',
      `must be the 9 digits of a SIREN, got "${registrationNumber}"`,
    )
  const vatNumber = either(env, 'PLATFORM_LEGAL_VAT', 'INVOICE_RECIPIENT_VAT') ?? DEMO.vatNumber
  if (vatNumber !== undefined && !VAT.test(vatNumber.replace(/\s+/g, '').toUpperCase()))
    throw new ConfigError(
      'PLATFORM_LEGAL_VAT',
      `must be a VAT number such as FR40123456824, got "${vatNumber}"`,
    )
  return {
    name: either(env, 'PLATFORM_LEGAL_NAME', 'INVOICE_RECIPIENT_NAME') ?? DEMO.name,
    address: address
      ? address
          .split('|')
          .map((line) => line.trim())
          .filter(Boolean)
      : DEMO.address,
    country,
    registrationNumber,
    vatNumber,
  }
}
