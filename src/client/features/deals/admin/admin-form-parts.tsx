import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Field } from '#client/components/ui/field.tsx'

/** The lines of a refused save, at the top of an admin form. */
export function ErrorLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null
  return (
    <ul className="error-message" role="alert">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

/** An image picker: the chosen file, or null when the choice is cleared; the server's refusal under it. */
export function ImageField({
  label,
  onFile,
  error,
}: {
  label: ReactNode
  onFile: (file: File | null) => void
  error?: string
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept="image/*"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  )
}

/** Cancel and Save (or what the form does), at the foot of a form; busy while it is sent. */
export function FormActions({
  onCancel,
  submitLabel,
  pending = false,
}: {
  onCancel: () => void
  submitLabel?: ReactNode
  pending?: boolean
}) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-ghost" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <button type="submit" className="button" disabled={pending} aria-busy={pending}>
        {submitLabel ?? <Trans>Save</Trans>}
      </button>
    </div>
  )
}
