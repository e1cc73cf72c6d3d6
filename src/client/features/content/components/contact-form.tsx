import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { fieldErrors, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { ApiException } from '#client/lib/http.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { ContactBody } from '#shared/contract/content.ts'
import { sendContactMessage } from '../api'
import { Captcha } from './captcha'

type ContactValues = Omit<ContactBody, 'captcha'>

const resolver = lazyArkResolver<ContactValues>(async () => {
  const { ContactBody } = await import('#shared/contract/content.ts')
  return ContactBody.omit('captcha')
})

/** The contact form (`POST /api/core/contact`): stored and mailed to support by the server. */
export function ContactForm() {
  const { t, i18n } = useLingui()
  const [sent, setSent] = useState(false)
  const [failed, setFailed] = useState(false)
  const [captcha, setCaptcha] = useState<string | undefined>()
  const onToken = useCallback((token: string) => setCaptcha(token), [])
  const form = useForm<ContactValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', subject: '', message: '' },
  })
  const { register, handleSubmit, setError, formState } = form

  const submit = handleSubmit(async (values) => {
    setFailed(false)
    try {
      await sendContactMessage({ ...values, ...(captcha ? { captcha } : {}) })
      setSent(true)
    } catch (error) {
      if (!(error instanceof ApiException)) return setFailed(true)
      for (const [field, fieldError] of Object.entries(fieldErrors(error.errors))) {
        if (fieldError?.message)
          setError(field as keyof ContactValues, { message: String(fieldError.message) })
      }
    }
  })

  if (sent) {
    return (
      <p className="notice notice-success" role="status">
        <Trans>Thank you! Your message has been sent; we answer within two working days.</Trans>
      </p>
    )
  }
  const field = fieldStates(form, (key) => validationMessage(i18n, key))
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Contact us`}>
      <Field label={<Trans>Your name</Trans>} {...field('name')}>
        {(control) => <input {...control} autoComplete="name" {...register('name')} />}
      </Field>
      <Field label={<Trans>Your e-mail address</Trans>} {...field('email')}>
        {(control) => <input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field label={<Trans>Subject</Trans>} {...field('subject')}>
        {(control) => <input {...control} {...register('subject')} />}
      </Field>
      <Field label={<Trans>Message</Trans>} {...field('message')}>
        {(control) => <textarea {...control} rows={6} {...register('message')} />}
      </Field>
      <Captcha onToken={onToken} />
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The message could not be sent. Check your connection and try again.</Trans>
        </p>
      ) : null}
      <button type="submit" className="button" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send the message</Trans>}
      </button>
    </form>
  )
}
