import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/contract/brand-integrations.ts'
import { GeneralError, useBrandForm } from '../components/form-parts'
import { webhookEventLabels } from './event-labels'
import { createWebhook, integrationQueries } from './queries'
import { SecretOnce } from './secret-once'

/** An owner adds a webhook: its https URL and the events it receives; the signing secret is shown once. */
export function WebhookForm({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEventType[]>(['deal.clicks_settled'])
  const [secret, setSecret] = useState<string | null>(null)
  const [noEvent, setNoEvent] = useState(false)
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    setNoEvent(events.length === 0)
    if (events.length === 0) return
    const created = await createWebhook(slug, { url: url.trim(), events })
    setSecret(created.secret)
    setUrl('')
    await queryClient.invalidateQueries({ queryKey: integrationQueries.webhooks(slug).queryKey })
  })
  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((event) => event !== type)))
  // The server refuses an address that is not https or not on the public internet: say which rule.
  const urlError = errors.errorFor('url')
    ? t`Use an https address on the public internet (not a local or private network).`
    : undefined
  if (secret)
    return (
      <SecretOnce
        label={t`Signing secret of the new webhook`}
        secret={secret}
        onDone={() => setSecret(null)}
      />
    )
  return (
    <form className="form integration-form" onSubmit={submit} noValidate aria-label={t`Add a webhook`}>
      <GeneralError message={errors.general} />
      <Field label={t`Receiver URL`} error={urlError} hint={t`Events are posted here as signed JSON.`}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/streamdeals"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="integration-events">
        <legend>
          <Trans>Events</Trans>
        </legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox-line">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
            {i18n._(webhookEventLabels[type])}
          </label>
        ))}
        {noEvent ? (
          <p className="field-error" role="alert">
            <Trans>Choose at least one event.</Trans>
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Add the webhook</Trans>
        </button>
      </div>
    </form>
  )
}
