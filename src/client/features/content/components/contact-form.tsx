import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { fieldErrors, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { ApiException, api } from '#client/lib/http.ts'
import type { ContactBody } from '#shared/contract/content.ts'
import { Captcha } from './captcha'
import { errorProps, FormField } from './form-field'

type ContactValues = Omit<ContactBody, 'captcha'>

const resolver = lazyArkResolver<ContactValues>(async () => {
  const { ContactBody } = await import('#shared/contract/content.ts')
  return ContactBody.omit('captcha')
})

/** The contact form (`POST /api/core/contact`): stored and mailed to support by the server. */
export function ContactForm() {
  const { t } = useLingui()
  const id = useId()
  const [sent, setSent] = useState(false)
  const [failed, setFailed] = useState(false)
  const [captcha, setCaptcha] = useState<string | undefined>()
  const onToken = useCallback((token: string) => setCaptcha(token), [])
  const { register, handleSubmit, setError, formState } = useForm<ContactValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', subject: '', message: '' },
  })
  const { errors, isSubmitting } = formState

  const submit = handleSubmit(async (values) => {
    setFailed(false)
    try {
      await api('contact', { body: { ...values, ...(captcha ? { captcha } : {}) } })
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
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Contact us`}>
      <FormField id={`${id}-name`} label={<Trans>Your name</Trans>} error={errors.name}>
        <input {...errorProps(`${id}-name`, errors.name)} autoComplete="name" {...register('name')} />
      </FormField>
      <FormField id={`${id}-email`} label={<Trans>Your e-mail address</Trans>} error={errors.email}>
        <input
          {...errorProps(`${id}-email`, errors.email)}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
      </FormField>
      <FormField id={`${id}-subject`} label={<Trans>Subject</Trans>} error={errors.subject}>
        <input {...errorProps(`${id}-subject`, errors.subject)} {...register('subject')} />
      </FormField>
      <FormField id={`${id}-message`} label={<Trans>Message</Trans>} error={errors.message}>
        <textarea {...errorProps(`${id}-message`, errors.message)} rows={6} {...register('message')} />
      </FormField>
      <Captcha onToken={onToken} />
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The message could not be sent. Check your connection and try again.</Trans>
        </p>
      ) : null}
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send the message</Trans>}
      </button>
    </form>
  )
}
