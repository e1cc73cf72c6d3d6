/**
 * Form plumbing for the account forms: their fields' states with the account messages, and the
 * mapping of server field errors (FORM_0001) onto the form (the resolvers live in lib/forms).
 * Imported only by lazily loaded modules: arktype and react-hook-form stay out of the first route.
 */
import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Traversal } from 'arktype'
import type { ReactNode } from 'react'
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { isFetchError } from '#client/lib/fetch-error.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { fieldErrors } from '#client/lib/forms/form-errors.ts'
import { ApiException } from '#client/lib/http.ts'
import { errorMessage } from './messages'

/** The API error code of a failed call, whatever its kind (form error or other contract error). */
export function apiErrorCode(error: unknown): string | null {
  if (error instanceof ApiException) return error.code
  if (isFetchError(error)) {
    const data = error.data as { code?: unknown } | undefined
    return typeof data?.code === 'string' ? data.code : null
  }
  return null
}

export function retryAfterSeconds(error: unknown): number | null {
  if (!isFetchError(error)) return null
  const value = Number(error.response?.headers.get('retry-after'))
  return Number.isFinite(value) && value > 0 ? value : null
}

/**
 * Puts a FORM_0001 answer's field errors on their fields and its form-level errors on `root.server`.
 * Returns whether the error was a form error.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiException) || error.code !== 'FORM_0001') return false
  const errors = fieldErrors<FieldValues>(error.errors)
  for (const [field, value] of Object.entries(errors)) {
    const key = (value as { message: string }).message
    setError(field as FieldPath<T>, { type: 'server', message: key }, { shouldFocus: true })
  }
  const general = error.errors.errors?.[0]
  if (general) setError('root.server' as FieldPath<T>, { type: 'server', message: general })
  return true
}

/** The Field states of an account form: its error keys in the account messages' words. */
export function accountFieldStates<T extends FieldValues>(form: UseFormReturn<T>, i18n: I18n) {
  return fieldStates(form, (key) => errorMessage(i18n, key))
}

/** The form-level error slot at the top of a form (general errors). */
export function FormAlert({ message }: { message: string | undefined }) {
  const { i18n } = useLingui()
  if (!message) return null
  return (
    <p className="form-alert" role="alert">
      {message.includes('.') && !message.includes(' ') ? errorMessage(i18n, message) : message}
    </p>
  )
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button-block" disabled={pending} aria-busy={pending}>
      {pending ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
      {children}
    </button>
  )
}

interface NewPassword {
  plainPassword: string
  confirmation: string
}

/** The narrow of a form that sets a new password: the confirmation must repeat it (rule `confirmed`). */
export function confirmsPassword(values: NewPassword, ctx: Traversal): boolean {
  return values.confirmation === values.plainPassword
    ? true
    : ctx.reject({
        expected: 'the same password',
        relativePath: ['confirmation'],
        meta: { rule: 'confirmed' },
      })
}

/** The new password and its confirmation, as the change and reset forms ask for them. */
export function NewPasswordFields<T extends FieldValues & NewPassword>({ form }: { form: UseFormReturn<T> }) {
  const { t, i18n } = useLingui()
  const field = accountFieldStates(form, i18n)
  const plainPassword = 'plainPassword' as FieldPath<T>
  const confirmation = 'confirmation' as FieldPath<T>
  return (
    <>
      <Field label={t`New password`} hint={<PasswordRules />} {...field(plainPassword)}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" {...form.register(plainPassword)} />
        )}
      </Field>
      <Field label={t`Repeat the new password`} {...field(confirmation)}>
        {(control) => (
          <input {...control} type="password" autoComplete="new-password" {...form.register(confirmation)} />
        )}
      </Field>
    </>
  )
}

/** The current password, as the password change and the e-mail change ask for it. */
export function CurrentPasswordField<T extends FieldValues & { currentPassword: string }>({
  form,
  label,
}: {
  form: UseFormReturn<T>
  label: string
}) {
  const { i18n } = useLingui()
  const name = 'currentPassword' as FieldPath<T>
  return (
    <Field label={label} {...accountFieldStates(form, i18n)(name)}>
      {(control) => (
        <input {...control} type="password" autoComplete="current-password" {...form.register(name)} />
      )}
    </Field>
  )
}

/** The hint under a field that chooses a password (the rule `password`). */
export function PasswordRules() {
  return <Trans>At least 8 characters, with an upper-case letter, a lower-case letter and a digit.</Trans>
}
