/**
 * What the brand portal's forms (and its admin-tab additions) share: sending with a pending flag and
 * the server's refusal kept for the fields, the refusal that names no field above the form, and an
 * amount typed in euros.
 */
import { useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { ErrorLines } from '#client/features/deals/admin-kit.ts'
import { parseEuroAmount } from '#client/lib/forms/euro-amount.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { formatMoney } from '#shared/format.ts'
import { useBrandFormErrors } from '../messages'

/** A form's submit: `send` runs once at a time; a refusal lands on the fields (or above the form). */
export function useBrandForm() {
  const errors = useBrandFormErrors()
  const [pending, setPending] = useState(false)
  const submitWith = (send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    errors.clear()
    try {
      await send()
    } catch (error) {
      errors.fail(error)
    } finally {
      setPending(false)
    }
  }
  return { errors, pending, submitWith }
}

/** The refusal that names no field, above the form. */
export function GeneralError({ message }: { message: string | null }) {
  return <ErrorLines lines={message ? [message] : []} />
}

/**
 * The cents of an amount typed in euros (lib/forms/euro-amount.ts), NaN when it is none: the
 * server's check then refuses it under the field, where EurosField says what was wrong with it.
 */
export function typedCents(text: string): number {
  const read = parseEuroAmount(text)
  return read.ok ? read.cents : Number.NaN
}

/** An amount typed in euros ("12,50", "1 200 €"), with what it comes to in the app's money format beneath. */
export function EurosField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string
  onChange: (text: string) => void
  error: string | undefined
  /** The sentence under a valid amount, given it formatted ("12,50 € will be charged."). */
  hint: (money: string) => string
}) {
  const { t, i18n } = useLingui()
  const read = parseEuroAmount(value)
  return (
    <Field
      label={t`Amount in euros`}
      // What was typed is no amount at all: say why rather than the type rule.
      error={error && !read.ok ? validationMessage(i18n, read.error) : error}
      hint={read.ok && read.cents > 0 ? hint(formatMoney(read.cents)) : undefined}
    >
      {(control) => (
        <input
          {...control}
          inputMode="decimal"
          autoComplete="off"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
