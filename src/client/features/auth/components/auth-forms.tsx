/**
 * The three forms of the auth modal. Loaded with the modal (never in the first route), they bring
 * react-hook-form and arktype with them. Validation is passive: on submit, then on each change.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { TurnstileChallenge } from '#client/components/ui/turnstile.tsx'
import { arkResolver } from '#client/lib/forms/ark-resolver.ts'
import { homePathOf } from '#client/lib/named-routes.ts'
import { currentUser } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import { RecoveryBody, SigninBody, SignupBody } from '#shared/contract/auth.ts'
import { postRecovery } from '../api'
import { closeAuthModal, returnPath } from '../auth-modal-state'
import {
  accountFieldStates,
  apiErrorCode,
  applyServerErrors,
  FormAlert,
  PasswordRules,
  retryAfterSeconds,
  SubmitButton,
} from '../form-kit'
import { logIn, register } from '../mutations'
import { authQueries } from '../queries'

const passive = { mode: 'onSubmit', reValidateMode: 'onChange' } as const

/**
 * Signs in (or up) through `enter`, then closes the modal and opens the dashboard (a brand account's:
 * its portal), or the page the
 * address's `redirect` names (a guarded page asked for signed out, the page a session ended on, a
 * mission's preview the user wanted to see).
 */
function useEnter() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async <B,>(enter: (client: QueryClient, body: B) => Promise<void>, body: B) => {
    await enter(queryClient, body)
    const back = returnPath()
    closeAuthModal()
    await (back ? navigate({ href: back }) : navigate({ to: homePathOf(currentUser()) }))
  }
}

interface LoginValues {
  username: string
  plainPassword: string
}

export function LoginForm() {
  const { t, i18n } = useLingui()
  const enter = useEnter()
  const form = useForm<LoginValues>({
    ...passive,
    resolver: arkResolver(SigninBody),
    // Every field starts from '': an undefined default would count as changed and show as valid at once.
    defaultValues: { username: '', plainPassword: '' },
  })
  const [pending, setPending] = useState(false)

  const submit = form.handleSubmit(async (values) => {
    setPending(true)
    try {
      await enter(logIn, values)
    } catch (error) {
      if (applyServerErrors(form.setError, error)) return
      const code = apiErrorCode(error)
      const wait = Math.ceil((retryAfterSeconds(error) ?? 60) / 60)
      const message =
        code === 'AUTH_0002'
          ? t`Invalid username or password.`
          : code === 'RATE_LIMITED'
            ? t`Too many attempts. Try again in ${wait} min.`
            : t`Something went wrong. Please try again.`
      form.setError('root.server', { type: 'server', message })
    } finally {
      setPending(false)
    }
  })

  const field = accountFieldStates(form, i18n)
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Log in`}>
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <Field label={t`Username`} {...field('username')}>
        {(control) => <input {...control} autoComplete="username" {...form.register('username')} />}
      </Field>
      <Field label={t`Password`} {...field('plainPassword')}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('plainPassword')}
          />
        )}
      </Field>
      <SubmitButton pending={pending}>
        <Trans>Log in</Trans>
      </SubmitButton>
    </form>
  )
}

interface RegistrationValues {
  username: string
  email: string
  plainPassword: string
  sponsor: string
  captcha: string
  /** A brand's account: it applies for a provider instead of taking missions. */
  kind: 'streamer' | 'provider'
}

export function RegistrationForm() {
  const { t, i18n } = useLingui()
  const enter = useEnter()
  const settings = useQuery(authQueries.settings())
  const siteKey = settings.data?.turnstileSiteKey ?? null
  const form = useForm<RegistrationValues>({
    ...passive,
    resolver: arkResolver(SignupBody, ['sponsor', 'captcha']),
    defaultValues: { username: '', email: '', plainPassword: '', sponsor: '', captcha: '', kind: 'streamer' },
  })
  const [pending, setPending] = useState(false)
  const [showSponsor, setShowSponsor] = useState(false)
  const brand = form.watch('kind') === 'provider'

  const submit = form.handleSubmit(async (values) => {
    setPending(true)
    try {
      await enter(register, values)
    } catch (error) {
      applyServerErrors(form.setError, error)
      void notify(
        'error',
        t({ id: 'registration_error', message: 'Registration failed. Check the form and try again.' }),
      )
    } finally {
      setPending(false)
    }
  })

  const field = accountFieldStates(form, i18n)
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Sign up`}>
      <Field label={t`Username`} {...field('username')}>
        {(control) => <input {...control} autoComplete="username" {...form.register('username')} />}
      </Field>
      <Field label={t`E-mail`} {...field('email')}>
        {(control) => <input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label={t`Password`} hint={<PasswordRules />} {...field('plainPassword')}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('plainPassword')}
          />
        )}
      </Field>
      {showSponsor ? (
        <Field label={t`Creator code`} {...field('sponsor')}>
          {(control) => <input {...control} autoComplete="off" {...form.register('sponsor')} />}
        </Field>
      ) : (
        <button type="button" className="link-button link-start" onClick={() => setShowSponsor(true)}>
          <Trans>I have a creator code</Trans>
        </button>
      )}
      <label className="check-field">
        <input
          type="checkbox"
          checked={brand}
          onChange={(event) => form.setValue('kind', event.target.checked ? 'provider' : 'streamer')}
        />
        <Trans>I represent a brand</Trans>
      </label>
      {brand ? (
        <p className="field-hint">
          <Trans>Brand accounts run their brand’s missions once an administrator approves the brand.</Trans>
        </p>
      ) : null}
      {siteKey ? (
        <TurnstileChallenge siteKey={siteKey} onToken={(token) => form.setValue('captcha', token)} />
      ) : null}
      <SubmitButton pending={pending}>
        <Trans>Sign up</Trans>
      </SubmitButton>
    </form>
  )
}

interface RecoveryValues {
  username: string
  captcha: string
}

export function RecoveryForm() {
  const { t, i18n } = useLingui()
  const settings = useQuery(authQueries.settings())
  const siteKey = settings.data?.turnstileSiteKey ?? null
  const form = useForm<RecoveryValues>({
    ...passive,
    resolver: arkResolver(RecoveryBody, ['captcha']),
    defaultValues: { username: '', captcha: '' },
  })
  const [pending, setPending] = useState(false)
  const [sent, setSent] = useState(false)

  const submit = form.handleSubmit(async (values) => {
    setPending(true)
    try {
      await postRecovery(values)
      setSent(true)
    } catch (error) {
      // Only field errors show: the answer must not tell whether the account exists.
      applyServerErrors(form.setError, error)
    } finally {
      setPending(false)
    }
  })

  if (sent) {
    return (
      <p className="form-success" role="status">
        <Trans>
          If an account matches, we have sent it a link to choose a new password. Check your mailbox; the link
          works for one hour.
        </Trans>
      </p>
    )
  }
  const field = accountFieldStates(form, i18n)
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Recover your access`}>
      <Field label={t`Username or e-mail`} {...field('username')}>
        {(control) => <input {...control} autoComplete="username" {...form.register('username')} />}
      </Field>
      {siteKey ? (
        <TurnstileChallenge siteKey={siteKey} onToken={(token) => form.setValue('captcha', token)} />
      ) : null}
      <SubmitButton pending={pending}>
        <Trans>Send me a recovery link</Trans>
      </SubmitButton>
    </form>
  )
}
