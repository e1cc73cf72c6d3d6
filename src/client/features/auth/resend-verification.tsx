/**
 * "Send a new link": asks the server for a new verification mail (account page, expired link page).
 * The server allows one a minute and five a day; a refusal says how long to wait.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { setUser } from '#client/lib/session.ts'
import { postVerifyResend } from './api'
import { apiErrorCode, retryAfterSeconds } from './form-kit'

type State = 'idle' | 'sending' | 'sent' | 'verified' | 'limited' | 'failed'

export function ResendVerification({ token, email }: { token?: string; email?: string }) {
  const { t } = useLingui()
  const [state, setState] = useState<State>('idle')
  const [wait, setWait] = useState<number | null>(null)

  const send = async () => {
    setState('sending')
    try {
      const answer = await postVerifyResend(token)
      if (answer.status === 'already_verified') {
        setUser((user) => ({ ...user, emailVerified: true }))
        setState('verified')
      } else setState('sent')
    } catch (error) {
      if (apiErrorCode(error) === 'RATE_LIMITED') {
        setWait(retryAfterSeconds(error))
        setState('limited')
      } else setState('failed')
    }
  }

  const seconds = wait ?? 60
  const waitText =
    seconds < 120
      ? t`${seconds} seconds`
      : seconds < 2 * 60 * 60
        ? t`${Math.ceil(seconds / 60)} minutes`
        : t`${Math.ceil(seconds / 3600)} hours`
  const message = {
    idle: null,
    sending: null,
    sent: email
      ? t`A new link is on its way to ${email}. It is valid 48 hours; earlier links no longer work.`
      : t`A new link is on its way to your mailbox. It is valid 48 hours; earlier links no longer work.`,
    verified: t`Your e-mail address is already confirmed.`,
    limited: t`A link was sent a moment ago. Check your mailbox (and spam folder), or ask again in ${waitText}.`,
    failed: t`The link could not be sent. Please try again later.`,
  }[state]

  return (
    <div className="resend-verification">
      {state === 'verified' || state === 'sent' ? null : (
        <button
          type="button"
          className="link-button link-start"
          onClick={() => void send()}
          disabled={state === 'sending'}
        >
          {state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send me a new confirmation link</Trans>}
        </button>
      )}
      {message ? (
        <p
          className={state === 'limited' || state === 'failed' ? 'form-alert' : 'form-success'}
          role={state === 'limited' || state === 'failed' ? 'alert' : 'status'}
        >
          {message}
        </p>
      ) : null}
    </div>
  )
}
