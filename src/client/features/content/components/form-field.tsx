import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import type { FieldError } from 'react-hook-form'
import { validationMessage } from '#client/lib/validation-messages.ts'

/** A labelled control with its error, linked for screen readers (aria-describedby). */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: ReactNode
  error: FieldError | undefined
  children: ReactNode
}) {
  const { i18n } = useLingui()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error?.message ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {validationMessage(i18n, error.message)}
        </p>
      ) : null}
    </div>
  )
}

/** Applies an API form error (FORM_0001) to the form's fields; true when something was applied. */
export function errorProps(id: string, error: FieldError | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  }
}
