import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { notify } from '#client/lib/toast.ts'
import type { AdminTopUpRequest } from '#shared/contract/brand-portal.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { topUpRequestStatusLabels } from '../labels'
import { brandRefusal } from '../messages'
import { fetchTopUpRequests, putTopUpRequestDecision } from './api'

/** The admin's top-up requests query, under the admin root every admin tab refreshes. */
export const adminTopUpRequestQueries = {
  all: () => ['admin', 'top-up-requests'] as const,
  list: () =>
    queryOptions({
      queryKey: adminTopUpRequestQueries.all(),
      queryFn: ({ signal }) => fetchTopUpRequests(signal),
    }),
}

function Decision({ request }: { request: AdminTopUpRequest }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const decide = async (status: 'done' | 'declined') => {
    setPending(true)
    try {
      await putTopUpRequestDecision(request.id, status)
      void notify(
        'success',
        status === 'done'
          ? t`${formatMoney(request.amount)} added to the budget of ${request.missionCode}.`
          : t`Request declined.`,
      )
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
    } finally {
      setPending(false)
      await queryClient.invalidateQueries({ queryKey: adminTopUpRequestQueries.all() })
    }
  }
  return (
    <span className="admin-actions">
      <button type="button" className="button" disabled={pending} onClick={() => decide('done')}>
        <Trans>Done: add to the budget</Trans>
      </button>
      <button
        type="button"
        className="button button-ghost"
        disabled={pending}
        onClick={() => decide('declined')}
      >
        <Trans>Decline</Trans>
      </button>
    </span>
  )
}

/**
 * Brands' requests to top a mission's budget up (card payments off), waiting ones first: "done" adds
 * the amount once (audited), "declined" adds nothing; the brand sees the state in its portal.
 */
export function TopUpRequestsAdmin() {
  const { i18n } = useLingui()
  const { data, isPending } = useQuery(adminTopUpRequestQueries.list())
  if (isPending) return null
  const items = data?.items ?? []
  return (
    <section className="admin-section" aria-labelledby="admin-top-up-requests-title">
      <h2 id="admin-top-up-requests-title">
        <Trans>Top-up requests</Trans>
      </h2>
      {items.length === 0 ? (
        <p className="muted">
          <Trans>No top-up request yet.</Trans>
        </p>
      ) : (
        <ul className="admin-list" data-testid="admin-top-up-requests">
          {items.map((request) => (
            <li key={request.id}>
              <strong>{formatMoney(request.amount)}</strong>
              <span>
                {request.providerName} · {request.missionCode}
              </span>
              <span className="muted">
                {formatDate(request.createdAt)}
                {request.requestedBy ? ` · ${request.requestedBy}` : ''}
              </span>
              {request.note ? <span className="break-all">{request.note}</span> : null}
              <span className="status-badge">{i18n._(topUpRequestStatusLabels[request.status])}</span>
              {request.status === 'requested' ? <Decision request={request} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
