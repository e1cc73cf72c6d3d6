import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '#client/components/ui/field.tsx'
import { lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/contract/brand-integrations.ts'
import { GeneralError } from '../components/form-parts'
import { webhookEventLabels } from './event-labels'
import { createWebhook, integrationQueries } from './queries'
import { SecretOnce } from './secret-once'
import { useSecretForm } from './use-secret-form'

interface WebhookValues {
  url: string
  events: WebhookEventType[]
}

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const resolver = lazyArkResolver<WebhookValues>(() =>
  import('#shared/contract/brand-integrations.ts').then((contract) => contract.BrandWebhookBody),
)

/** An owner adds a webhook: its https URL and the events it receives; the signing secret is shown once. */
export function WebhookForm({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const { form, state, submit, box, general, secret, forgetSecret } = useSecretForm<WebhookValues>({
    defaultValues: { url: '', events: ['deal.clicks_settled'] },
    resolver,
    create: async (values) =>
      (await createWebhook(slug, { url: values.url.trim(), events: values.events })).secret,
    listKey: integrationQueries.webhooks(slug).queryKey,
    field: (path) => (path === 'url' ? 'url' : null),
  })
  // The server refuses an address that is not https or not on the public internet: say which rule.
  const urlError =
    form.formState.errors.url?.type === 'server'
      ? t`Use an https address on the public internet (not a local or private network).`
      : state('url').error
  if (secret)
    return <SecretOnce label={t`Signing secret of the new webhook`} secret={secret} onDone={forgetSecret} />
  // The one rule of the events: at least one.
  const eventsError = form.formState.errors.events ? t`Choose at least one event.` : undefined
  return (
    <form
      ref={box}
      className="form integration-form"
      onSubmit={submit}
      noValidate
      aria-label={t`Add a webhook`}
    >
      <GeneralError message={general} />
      <Field label={t`Receiver URL`} error={urlError} hint={t`Events are posted here as signed JSON.`}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/streamdeals"
            {...form.register('url')}
          />
        )}
      </Field>
      <fieldset className="integration-events" aria-invalid={eventsError ? true : undefined}>
        <legend>
          <Trans>Events</Trans>
        </legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox-line">
            <input type="checkbox" value={type} {...form.register('events')} />
            {i18n._(webhookEventLabels[type])}
          </label>
        ))}
        {eventsError ? (
          <p className="field-error" role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="button"
          disabled={form.formState.isSubmitting}
          aria-busy={form.formState.isSubmitting}
        >
          <Trans>Add the webhook</Trans>
        </button>
      </div>
    </form>
  )
}
