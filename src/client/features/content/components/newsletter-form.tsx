import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { fieldErrors, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { ApiException } from '#client/lib/http.ts'
import { currentLocale } from '#client/lib/i18n.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { subscribeToNewsletter } from '../api'
import { Captcha } from './captcha'

interface NewsletterValues {
  email: string
}

const resolver = lazyArkResolver<NewsletterValues>(async () => {
  const { NewsletterBody } = await import('#shared/contract/content.ts')
  return NewsletterBody.pick('email')
})

/** Newsletter sign-up with double opt-in: the server mails a confirmation link. */
export function NewsletterForm() {
  const { t, i18n } = useLingui()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  const [captcha, setCaptcha] = useState<string | undefined>()
  const onToken = useCallback((token: string) => setCaptcha(token), [])
  const form = useForm<NewsletterValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  })
  const { register, handleSubmit, setError, formState } = form

  const submit = handleSubmit(async ({ email }) => {
    setFailed(false)
    try {
      await subscribeToNewsletter({ email, locale: currentLocale(), ...(captcha ? { captcha } : {}) })
      setSentTo(email)
    } catch (error) {
      if (!(error instanceof ApiException)) return setFailed(true)
      const message = fieldErrors<NewsletterValues>(error.errors).email?.message
      setError('email', { message: typeof message === 'string' ? message : 'validation.invalid' })
    }
  })

  if (sentTo) {
    return (
      <p className="notice notice-success" role="status">
        <Trans>
          Almost done: we sent a confirmation link to {sentTo}. Open it to start receiving the newsletter.
        </Trans>
      </p>
    )
  }
  const field = fieldStates(form, (key) => validationMessage(i18n, key))
  return (
    <form className="form form-inline" noValidate onSubmit={submit} aria-label={t`Newsletter`}>
      <Field label={<Trans>Your e-mail address</Trans>} {...field('email')}>
        {(control) => <input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Captcha onToken={onToken} />
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The subscription could not be sent. Check your connection and try again.</Trans>
        </p>
      ) : null}
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        <Trans>Subscribe</Trans>
      </button>
    </form>
  )
}
