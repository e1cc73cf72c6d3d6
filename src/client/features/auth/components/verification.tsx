/**
 * The landing of mailed links (/redir/verification?token=...&type=verify|reset): verifies the
 * address at once, or asks for a new password and signs the user in.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type } from 'arktype'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { arkResolver } from '#client/lib/forms/ark-resolver.ts'
import { homePathOf } from '#client/lib/named-routes.ts'
import { currentUser } from '#client/lib/session.ts'
import { Password } from '#shared/contract/common.ts'
import { postResetCheck } from '../api'
import { openAuthModal } from '../auth-modal-state'
import { applyServerErrors, confirmsPassword, FormAlert, NewPasswordFields, SubmitButton } from '../form-kit'
import { confirmEmail, resetAndSignIn } from '../mutations'
import { ResendVerification } from '../resend-verification'

export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending')
  const started = useRef(false)
  useEffect(() => {
    // Once only: the token is single-use, a second call (StrictMode) would report a failure.
    if (started.current) return
    started.current = true
    confirmEmail(token)
      .then(() => setState('done'))
      .catch(() => setState('failed'))
  }, [token])
  if (state === 'pending')
    return (
      <p role="status">
        <Trans>Checking your link…</Trans>
      </p>
    )
  return state === 'done' ? (
    <div className="narrow-form">
      <p className="form-success" role="status">
        <Trans>Your e-mail address is confirmed. Thank you!</Trans>
      </p>
      <ContinueAfterConfirmation />
    </div>
  ) : (
    <>
      <p className="form-alert" role="alert">
        <Trans>This link is no longer valid: it has expired, or a newer one was sent.</Trans>
      </p>
      <ResendVerification token={token} />
    </>
  )
}

/** The way on once the address is confirmed: one's dashboard when signed in, else the sign-in. */
function ContinueAfterConfirmation() {
  const user = currentUser()
  return user ? (
    <Link to={homePathOf(user)} className="button">
      <Trans>Continue to my dashboard</Trans>
    </Link>
  ) : (
    <button type="button" className="button" onClick={() => openAuthModal('login')}>
      <Trans>Log in to continue</Trans>
    </button>
  )
}

interface ResetValues {
  token: string
  plainPassword: string
  confirmation: string
}

// The confirmation must repeat the password (rule `confirmed`); the token travels hidden.
const ResetForm = type({ token: 'string', plainPassword: Password, confirmation: 'string' }).narrow(
  confirmsPassword,
)

/**
 * 'dead' for a link the server says is used or expired. A failed check (offline, server away) shows
 * the form anyway: the reset itself still answers for the token.
 */
function useResetLinkState(token: string): 'checking' | 'usable' | 'dead' {
  const [state, setState] = useState<'checking' | 'usable' | 'dead'>('checking')
  useEffect(() => {
    const controller = new AbortController()
    setState('checking')
    postResetCheck(token, controller.signal)
      .then((answer) => setState(answer.usable ? 'usable' : 'dead'))
      .catch(() => {
        if (!controller.signal.aborted) setState('usable')
      })
    return () => controller.abort()
  }, [token])
  return state
}

export function ResetPassword({ token }: { token: string }) {
  const link = useResetLinkState(token)
  if (link === 'checking')
    return (
      <p role="status">
        <Trans>Checking your link…</Trans>
      </p>
    )
  if (link === 'dead')
    return (
      <div className="narrow-form">
        <p className="form-alert" role="alert">
          <Trans>This link has expired or was already used. Reset links work once, for one hour.</Trans>
        </p>
        <button type="button" className="button" onClick={() => openAuthModal('recovery')}>
          <Trans>Get a new link</Trans>
        </button>
      </div>
    )
  return <ResetPasswordForm token={token} />
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const form = useForm<ResetValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: arkResolver(ResetForm),
    defaultValues: { token, plainPassword: '', confirmation: '' },
  })
  const submit = form.handleSubmit(async ({ plainPassword }) => {
    setPending(true)
    try {
      await resetAndSignIn(queryClient, token, plainPassword)
      await navigate({ to: homePathOf(currentUser()) })
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        form.setError('root.server', { type: 'server', message: t`Something went wrong. Please try again.` })
      }
    } finally {
      setPending(false)
    }
  })
  const tokenError = form.formState.errors.token?.message
  return (
    <form className="form narrow-form" noValidate onSubmit={submit} aria-label={t`Choose a new password`}>
      <FormAlert message={form.formState.errors.root?.server?.message ?? tokenError} />
      {tokenError ? (
        <button type="button" className="link-button link-start" onClick={() => openAuthModal('recovery')}>
          <Trans>Ask for a new link</Trans>
        </button>
      ) : null}
      <NewPasswordFields form={form} />
      <SubmitButton pending={pending}>
        <Trans>Save and sign in</Trans>
      </SubmitButton>
    </form>
  )
}

export function VerificationLanding({
  token,
  kind,
}: {
  token: string | undefined
  kind: string | undefined
}) {
  if (!token || (kind !== 'verify' && kind !== 'reset')) {
    return (
      <p className="form-alert" role="alert">
        <Trans>
          This link is incomplete. Open it again from the mail, or go back to the{' '}
          <Link to="/">home page</Link>.
        </Trans>
      </p>
    )
  }
  return kind === 'verify' ? <VerifyEmail token={token} /> : <ResetPassword token={token} />
}
