import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { notify } from '#client/lib/toast.ts'

/**
 * A read-only value with a copy button (tracking links, creator code, widget URL). `multiline` shows
 * a long sentence whole (the go-live kit's chat lines), wrapped, instead of a scrolled single line.
 */
export function CopyField({
  label,
  value,
  testId,
  multiline = false,
}: {
  label: string
  value: string
  testId?: string
  multiline?: boolean
}) {
  const { t } = useLingui()
  const id = useId()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      void notify('success', t`Copied to the clipboard`)
    } catch {
      // Clipboard access can be refused (insecure context, permissions): selecting lets the user copy by hand.
      ;(document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.select()
      void notify('error', t`Copy failed: select the text and copy it by hand`)
    }
  }
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        {multiline ? (
          <textarea
            id={id}
            readOnly
            value={value}
            // 3 lines hold a 400-character bot answer on a desktop; a phone scrolls inside it.
            rows={3}
            data-testid={testId}
            onFocus={(event) => event.target.select()}
          />
        ) : (
          <input
            id={id}
            readOnly
            value={value}
            data-testid={testId}
            onFocus={(event) => event.target.select()}
          />
        )}
        <button type="button" className="button button-ghost" onClick={copy} aria-label={t`Copy: ${label}`}>
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </button>
      </div>
    </div>
  )
}
