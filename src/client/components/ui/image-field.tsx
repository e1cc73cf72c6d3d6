import type { ReactNode } from 'react'
import { Field } from './field'

/**
 * An image picker in the one field layout: the chosen file, or null when the choice is cleared; the
 * server's refusal (or else the hint) under it.
 */
export function ImageField({
  label,
  hint,
  error,
  onFile,
}: {
  label: ReactNode
  hint?: ReactNode
  error?: string
  onFile: (file: File | null) => void
}) {
  return (
    <Field label={label} hint={hint} error={error}>
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
