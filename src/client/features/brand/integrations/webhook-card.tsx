import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandWebhook } from '#shared/contract/brand-integrations.ts'
import { DEFAULT_DATE_TIME_FORMAT, formatDate } from '#shared/format-date.ts'
import { brandRefusal } from '../messages'
import { deliveryStatusLabels, webhookEventLabels } from './event-labels'
import { deleteWebhook, integrationQueries, sendTestEvent, updateWebhook } from './queries'

/** One webhook: its events, its state, the owner's actions, and its last deliveries. */
export function WebhookCard({
  slug,
  hook,
  canManage,
}: {
  slug: string
  hook: BrandWebhook
  canManage: boolean
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const log = useQuery({ ...integrationQueries.deliveries(slug, hook.id), refetchInterval: 5000 })
  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await run()
      void notify('success', done)
      await queryClient.invalidateQueries({ queryKey: integrationQueries.of(slug) })
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
    } finally {
      setBusy(false)
    }
  }
  const remove = async () => {
    const sure = await confirm({ title: t`Remove this webhook?`, message: hook.url, danger: true })
    if (sure) await act(() => deleteWebhook(slug, hook.id), t`Webhook removed.`)
  }
  const switchTo = (enabled: boolean) =>
    act(
      () => updateWebhook(slug, hook.id, { url: hook.url, events: hook.events, enabled }),
      enabled ? t`Webhook switched on.` : t`Webhook switched off.`,
    )
  return (
    <li className="integration-card" data-testid="webhook-card">
      <div className="integration-card-head">
        <code className="integration-url">{hook.url}</code>
        <span className={`status-badge status-badge-${hook.enabled ? 'approved' : 'pending'}`}>
          {hook.enabled ? t`On` : t`Off`}
        </span>
      </div>
      <p className="muted">{hook.events.map((type) => i18n._(webhookEventLabels[type])).join(' · ')}</p>
      {!hook.enabled && hook.disabledAt ? (
        <p className="brand-notice" role="status">
          <Trans>
            Switched off after {hook.consecutiveFailures} failed deliveries in a row. Fix the receiver, then
            switch it back on.
          </Trans>
        </p>
      ) : null}
      {canManage ? (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act(() => sendTestEvent(slug, hook.id), t`Test event queued.`)}
          >
            <Trans>Send a test event</Trans>
          </button>
          <button
            type="button"
            className="button button-ghost"
            disabled={busy}
            onClick={() => void switchTo(!hook.enabled)}
          >
            {hook.enabled ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
          </button>
          <button
            type="button"
            className="button button-ghost button-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : null}
      <details className="integration-log">
        <summary>
          <Trans>Last deliveries</Trans>
        </summary>
        {log.data && log.data.items.length > 0 ? (
          <ScrollRegion className="brand-table-scroll integration-table-scroll" label={t`Last deliveries`}>
            <table className="brand-table">
              <thead>
                <tr>
                  <th scope="col">{t`Event`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col" className="numeric">{t`Answer`}</th>
                  <th scope="col" className="numeric">{t`Time`}</th>
                  <th scope="col">{t`Sent`}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>
                      <code>{delivery.type}</code>
                    </td>
                    <td>{i18n._(deliveryStatusLabels[delivery.status])}</td>
                    <td className="numeric">{delivery.responseStatus ?? '—'}</td>
                    <td className="numeric">
                      {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
                    </td>
                    <td>{formatDate(delivery.createdAt, DEFAULT_DATE_TIME_FORMAT)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : (
          <p className="muted">
            <Trans>Nothing sent yet.</Trans>
          </p>
        )}
      </details>
    </li>
  )
}
