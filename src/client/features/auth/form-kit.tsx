/**
 * Form plumbing for the account forms: a field that shows its valid/invalid state and translated
 * message, and the mapping of server field errors (FORM_0001) onto the form (the resolvers live in
 * lib/forms). Imported only by lazily loaded modules: arktype and react-hook-form stay out
 * of the first route.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { Traversal } from 'arktype'
import { FetchError } from 'ofetch'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form'
import { fieldErrors } from '#client/lib/forms/form-errors.ts'
import { ApiException } from '#client/lib/http.ts'
import { errorMessage } from './messages'

/** The API error code of a failed call, whatever its kind (form error or other contract error). */
export function apiErrorCode(error: unknown): string | null {
  if (error instanceof ApiException) return error.code
  if (error instanceof FetchError) {
    const data = error.data as { code?: unknown } | undefined
    return typeof data?.code === 'string' ? data.code : null
  }
  return null
}

export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof FetchError)) return null
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

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'>

/** A labelled input bound to the form, with its state (`is-valid`/`is-invalid`) and message. */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  ...input
}: { form: UseFormReturn<T>; name: FieldPath<T>; label: ReactNode; hint?: ReactNode } & InputProps) {
  const { i18n } = useLingui()
  const id = useId()
  const { errors, isSubmitted, dirtyFields } = form.formState
  const error = (errors as Record<string, { message?: string } | undefined>)[name]
  const touched = isSubmitted || Boolean((dirtyFields as Record<string, unknown>)[name])
  const state = error ? 'is-invalid' : touched ? 'is-valid' : ''
  const messageId = `${id}-message`
  return (
    <div className={`field ${state}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
        {...form.register(name)}
      />
      {error?.message ? (
        <p id={messageId} className="field-error" role="alert">
          {errorMessage(i18n, error.message)}
        </p>
      ) : hint ? (
        <p id={messageId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
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
  const { t } = useLingui()
  return (
    <>
      <FormField
        form={form}
        name={'plainPassword' as FieldPath<T>}
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        hint={
          <Trans>At least 8 characters, with an upper-case letter, a lower-case letter and a digit.</Trans>
        }
      />
      <FormField
        form={form}
        name={'confirmation' as FieldPath<T>}
        label={t`Repeat the new password`}
        type="password"
        autoComplete="new-password"
      />
    </>
  )
}
