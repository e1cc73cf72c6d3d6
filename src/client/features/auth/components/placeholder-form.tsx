import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { AuthMode } from '../auth-modal-state'

function Field({
  name,
  label,
  type = 'text',
  autoComplete,
}: {
  name: string
  label: string
  type?: string
  autoComplete: string
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} required />
    </div>
  )
}

/**
 * Stand-in fields for each mode so the modal can be laid out and reached by keyboard; the accounts
 * issue replaces this with the real forms (validation, server errors, sign-in).
 */
export function PlaceholderForm({ mode }: { mode: AuthMode }) {
  const { t } = useLingui()
  return (
    <form className="form" onSubmit={(event) => event.preventDefault()} aria-label={t`Account form`}>
      <Field name="username" label={t`Username`} autoComplete="username" />
      {mode === 'registration' ? (
        <Field name="email" label={t`E-mail`} type="email" autoComplete="email" />
      ) : null}
      {mode !== 'recovery' ? (
        <Field
          name="plainPassword"
          label={t`Password`}
          type="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        />
      ) : null}
      <button type="submit" className="button button-block">
        {mode === 'login' ? <Trans>Log in</Trans> : null}
        {mode === 'registration' ? <Trans>Sign up</Trans> : null}
        {mode === 'recovery' ? <Trans>Send me a recovery link</Trans> : null}
      </button>
    </form>
  )
}
