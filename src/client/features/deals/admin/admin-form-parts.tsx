import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

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
