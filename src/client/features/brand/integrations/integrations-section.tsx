import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { brandQueries } from '../queries'
import { ApiKeysPanel } from './api-keys-panel'
import { integrationQueries } from './queries'
import { WebhookCard } from './webhook-card'
import { WebhookForm } from './webhook-form'
import './integrations.css'

/**
 * A brand's integrations: webhooks (its events posted to its own systems) and API keys. Owners (and
 * admins) manage them; members see them and the delivery logs.
 */
export default function IntegrationsSection({ slug }: { slug: string }) {
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  const { data: hooks } = useSuspenseQuery(integrationQueries.webhooks(slug))
  const canManage = provider.role !== 'member'
  return (
    <div className="integrations" id="integrations-panel">
      <section className="integration-block" aria-labelledby="webhooks-title">
        <h3 id="webhooks-title">
          <Trans>Webhooks</Trans>
        </h3>
        <p className="muted">
          <Trans>
            Each event is posted as JSON, signed in the <code>Streamdeals-Signature</code> header with the
            webhook’s secret. A failing receiver is retried for about three days and switched off after 20
            failures in a row.
          </Trans>
        </p>
        {hooks.items.length > 0 ? (
          <ul className="integration-list">
            {hooks.items.map((hook) => (
              <WebhookCard key={hook.id} slug={slug} hook={hook} canManage={canManage} />
            ))}
          </ul>
        ) : (
          <p className="muted">
            <Trans>No webhook yet.</Trans>
          </p>
        )}
        {canManage ? <WebhookForm slug={slug} /> : null}
      </section>
      <ApiKeysPanel slug={slug} canManage={canManage} />
    </div>
  )
}
