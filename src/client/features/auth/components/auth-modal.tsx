import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import { type AuthMode, closeAuthModal, openAuthModal } from '../auth-modal-state'
import { PlaceholderForm } from './placeholder-form'

// 450 px: the modal width the spec fixes (SPEC §9); narrower screens get the full width.
const modalWidthPx = 450

/**
 * The sign-in / sign-up / recovery modal shell. A native <dialog> gives the focus trap, Escape to
 * close and the inert background for free. The forms themselves arrive with the accounts issue.
 */
export function AuthModal({ mode }: { mode: AuthMode }) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal?.()
    return () => element?.close?.()
  }, [])

  const titles: Record<AuthMode, string> = {
    login: t`Log in`,
    registration: t`Create your account`,
    recovery: t`Recover your access`,
  }

  return (
    <dialog
      ref={dialog}
      className="dialog auth-modal"
      style={{ maxWidth: `min(${modalWidthPx}px, calc(100vw - 2rem))` }}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        closeAuthModal()
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{titles[mode]}</h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={closeAuthModal}>
          ×
        </button>
      </div>
      <PlaceholderForm mode={mode} />
      <div className="auth-switch">
        {mode === 'login' ? (
          <>
            <button type="button" className="link-button" onClick={() => openAuthModal('recovery')}>
              <Trans>Forgot your password?</Trans>
            </button>
            <button type="button" className="link-button" onClick={() => openAuthModal('registration')}>
              <Trans>No account yet? Sign up</Trans>
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => openAuthModal('login')}>
            <Trans>Already have an account? Log in</Trans>
          </button>
        )}
      </div>
    </dialog>
  )
}
