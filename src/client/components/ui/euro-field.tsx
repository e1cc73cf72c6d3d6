/**
 * The one field where a person types money: an amount in euros as they write it in their language
 * ("12,50", "1 200 €", "1,200.50"), read by lib/forms/euro-amount.ts into cents. Used by react-hook-form
 * forms (the wallet's payout, the brand portal's mission, top-up and top-up request forms, the admin's
 * mission and manual top-up forms): spread the form's `register(...)` into `registration`, pass the
 * typed text as `value` for the hint under it, and validate with `euroRule`, or with `euroCheck` beside
 * a contract resolver. Loads with the forms only (never from the first route).
 */
import type { I18n } from '@lingui/core'
import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { parseEuroAmount } from '#client/lib/forms/euro-amount.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { formatMoney } from '#shared/format.ts'
import { Field, type FieldControl } from './field'
import './euro-field.css'

export function EuroField({
  label,
  registration,
  value,
  error,
  hint,
  disabled,
  describedBy,
}: {
  label: ReactNode
  registration: UseFormRegisterReturn
  /** What is typed now: a readable amount shows in the app's money format beneath (`hint`). */
  value: string | undefined
  error: ReactNode
  /** The line under the field, given the typed amount formatted (null while none is readable). */
  hint?: (money: string | null) => ReactNode
  disabled?: boolean
  /** Another element that explains the field (a reason it is closed). */
  describedBy?: string
}) {
  const read = parseEuroAmount(value ?? '')
  const money = read.ok && read.cents > 0 ? formatMoney(read.cents) : null
  return (
    <Field label={label} error={error} hint={hint ? hint(money) : (money ?? undefined)}>
      {(control: FieldControl) => (
        <span className="euro-input">
          <input
            {...control}
            aria-describedby={
              [describedBy, control['aria-describedby']].filter(Boolean).join(' ') || undefined
            }
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            {...registration}
          />
          <span className="euro-input-unit" aria-hidden="true">
            €
          </span>
        </span>
      )}
    </Field>
  )
}

/**
 * The reader's refusal of an amount in euros as an error key (`amount.ambiguous`, …), null when it
 * reads; an empty field is refused unless `optional`. A form with a contract resolver runs it as one
 * of its checks (`withChecks`), so the user learns what was wrong with what they typed.
 */
export function euroCheck(options: { optional?: boolean } = {}): (text: string | undefined) => string | null {
  return (text) => {
    if (!text?.trim()) return options.optional ? null : 'validation.required'
    const read = parseEuroAmount(text)
    return read.ok ? null : read.error
  }
}

/**
 * A react-hook-form `validate` for an amount in euros: the reader's refusal in the user's words, an
 * empty field refused unless `optional`, and amounts below `minCents` refused with `tooSmall`.
 */
export function euroRule(
  i18n: I18n,
  options: { optional?: boolean; minCents?: number; tooSmall?: string } = {},
): (text: string | undefined) => true | string {
  const check = euroCheck(options)
  return (text) => {
    const key = check(text)
    if (key) return validationMessage(i18n, key)
    const cents = euroCents(text)
    if (cents !== null && cents < (options.minCents ?? 1))
      return options.tooSmall ?? validationMessage(i18n, 'amount.invalid')
    return true
  }
}

/** The cents of a field `euroRule` accepted; null for an empty optional one. */
export function euroCents(text: string | undefined): number | null {
  const read = parseEuroAmount(text ?? '')
  return read.ok ? read.cents : null
}
