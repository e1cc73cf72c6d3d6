import { Trans } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import { settleConfirm, useCurrentConfirm } from '#client/lib/confirm.ts'

/** The layout's host for confirmation dialogs raised with `confirm()` from lib/confirm. */
export function ConfirmHost() {
  const request = useCurrentConfirm()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element || !request) return
    if (!element.open) element.showModal?.()
    return () => element.close?.()
  }, [request])

  if (!request) return null
  return (
    <dialog
      ref={dialog}
      className="dialog confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        settleConfirm(false)
      }}
    >
      <h2 id={titleId}>{request.title}</h2>
      {request.message ? <p>{request.message}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={() => settleConfirm(false)}>
          {request.cancelLabel ?? <Trans>Cancel</Trans>}
        </button>
        <button
          type="button"
          className={request.danger ? 'button button-danger' : 'button'}
          onClick={() => settleConfirm(true)}
        >
          {request.confirmLabel ?? <Trans>Confirm</Trans>}
        </button>
      </div>
    </dialog>
  )
}
