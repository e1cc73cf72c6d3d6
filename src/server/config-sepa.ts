import { isValidIban } from '#shared/iban-rules.ts'
import { normalizeIban } from '#shared/validation-rules.ts'
import { ConfigError, type Env, text } from './config-values'

/** The platform's account the payout transfers leave from (the debtor of the SEPA credit-transfer files). */
export interface SepaDebtor {
  name: string
  iban: string
  bic: string
  /** The demo account (outside production, nothing configured): files made with it are for trying only. */
  demo: boolean
}

// A well-formed account that belongs to no one: a local run can make and read a file at once.
const DEMO_DEBTOR: SepaDebtor = {
  name: 'Streamdeals demo',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPPXXX',
  demo: true,
}

// BIC (ISO 9362): bank, country, location, optional branch.
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/
// The SEPA character set (EPC's Latin subset) banks accept in names; 70 characters is the field's size.
const SEPA_NAME = /^[A-Za-z0-9/\-?:().,'+ ]{1,70}$/

/**
 * SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN, SEPA_DEBTOR_BIC: all three or none. None outside production is
 * the demo account; none in production leaves payout files off (the admin is told why). A wrong value
 * stops start-up naming the variable.
 */
export function sepaDebtorFrom(env: Env): SepaDebtor | undefined {
  const name = text(env, 'SEPA_DEBTOR_NAME')
  const iban = text(env, 'SEPA_DEBTOR_IBAN')
  const bic = text(env, 'SEPA_DEBTOR_BIC')
  if (name === undefined && iban === undefined && bic === undefined)
    return env.NODE_ENV === 'production' ? undefined : DEMO_DEBTOR
  if (name === undefined)
    throw new ConfigError('SEPA_DEBTOR_NAME', 'must be set with SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC')
  if (iban === undefined)
    throw new ConfigError('SEPA_DEBTOR_IBAN', 'must be set with SEPA_DEBTOR_NAME and SEPA_DEBTOR_BIC')
  if (bic === undefined)
    throw new ConfigError('SEPA_DEBTOR_BIC', 'must be set with SEPA_DEBTOR_NAME and SEPA_DEBTOR_IBAN')
  if (!SEPA_NAME.test(name))
    throw new ConfigError(
      'SEPA_DEBTOR_NAME',
      "must be 1 to 70 characters of the SEPA set (letters without accents, digits, / - ? : ( ) . , ' + space)",
    )
  const account = normalizeIban(iban)
  if (!isValidIban(account)) throw new ConfigError('SEPA_DEBTOR_IBAN', `must be a valid IBAN, got "${iban}"`)
  const code = bic.replace(/\s+/g, '').toUpperCase()
  if (!BIC.test(code))
    throw new ConfigError('SEPA_DEBTOR_BIC', `must be a BIC of 8 or 11 characters, got "${bic}"`)
  return { name, iban: account, bic: code, demo: false }
}
