import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useId, useRef } from 'react'
import { type AuthMode, closeAuthModal, didSessionEnd, openAuthModal } from '../auth-modal-state'

// The forms bring react-hook-form and arktype: a chunk of their own, fetched when the modal opens.
const forms = () => import('./auth-forms')
const LoginForm = lazy(() => forms().then((module) => ({ default: module.LoginForm })))
const RegistrationForm = lazy(() => forms().then((module) => ({ default: module.RegistrationForm })))
const RecoveryForm = lazy(() => forms().then((module) => ({ default: module.RecoveryForm })))

const formOf: Record<AuthMode, typeof LoginForm> = {
  login: LoginForm,
  registration: RegistrationForm,
  recovery: RecoveryForm,
}

// 450 px: wide enough for the forms, narrow enough to stay a dialog; narrower screens get the full width.
const modalWidthPx = 450

/**
 * The sign-in / sign-up / recovery modal shell. A native <dialog> gives the focus trap, Escape to
 * close and the inert background for free.
 */
export function AuthModal({ mode }: { mode: AuthMode }) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const Form = formOf[mode]

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
      {mode === 'login' && didSessionEnd() ? (
        <p className="auth-notice" role="status">
          <strong>
            <Trans>Your session has ended</Trans>
          </strong>{' '}
          <Trans>Log in again to carry on where you were.</Trans>
        </p>
      ) : null}
      <Suspense
        fallback={
          <div className="pending">
            <span className="spinner" role="status" aria-label={t`Loading`} />
          </div>
        }
      >
        <Form key={mode} />
      </Suspense>
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
