import type { InputHTMLAttributes, ReactNode } from 'react'

/** A labelled input with its error message linked for screen readers. */
export function TextField({
  id,
  label,
  error,
  ...input
}: { id: string; label: ReactNode; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
