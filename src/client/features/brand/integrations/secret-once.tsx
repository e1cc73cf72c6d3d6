import { Trans, useLingui } from '@lingui/react/macro'
import { notify } from '#client/lib/toast.ts'

/** A secret the server answers once (a signing secret, an API key): shown with a copy button and a warning. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const { t } = useLingui()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      void notify('success', t`Copied.`)
    } catch {
      void notify('error', t`Copying was refused: select the text and copy it.`)
    }
  }
  return (
    <div className="secret-once" role="status" data-testid="secret-once">
      <p>
        <strong>{label}</strong>
      </p>
      <code className="secret-once-value">{secret}</code>
      <p className="field-hint">
        <Trans>Copy it now: it is shown only this once. Keep it out of code repositories and pages.</Trans>
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          <Trans>Copy</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={onDone}>
          <Trans>I have stored it</Trans>
        </button>
      </div>
    </div>
  )
}
