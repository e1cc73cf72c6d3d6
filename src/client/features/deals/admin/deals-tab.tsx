import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminDealItem } from '../../../../shared/contract/admin'
import type { DealState } from '../../../../shared/contract/deals'
import { DEAL_STATES } from '../../../../shared/deal-values'
import { formatMoney, shortenName } from '../../../../shared/format'
import { formatDate } from '../../../../shared/format-date'
import { confirm } from '../../../lib/confirm'
import { request } from '../../../lib/http'
import { notify } from '../../../lib/toast'
import { DealStateBadge } from '../components/deal-progress'
import { adminDealQueries, errorLines } from './admin-queries'
import '../components/deals.css'

// 40 characters: the mission title fits one table cell on a laptop.
const TITLE_MAX = 40

/** Admin tab: deals by state or search, with finishing or stopping an in-progress deal. */
export function DealsTab() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [state, setState] = useState('')
  const [q, setQ] = useState('')
  const { data } = useQuery(adminDealQueries.deals({ state, q }))
  const stateLabels: Record<DealState, string> = {
    inprogress: t`In progress`,
    finished: t`Completed`,
    stopped: t`Stopped`,
  }
  const change = async (deal: AdminDealItem, to: 'finished' | 'stopped') => {
    const confirmed = await confirm({
      title: to === 'finished' ? t`Mark deal ${deal.code} as completed?` : t`Stop deal ${deal.code}?`,
      message: t`The streamer is notified at once; a final state cannot be undone.`,
      danger: to === 'stopped',
    })
    if (!confirmed) return
    try {
      await request('adminDealState', { params: { code: deal.code }, body: { state: to } })
      void queryClient.invalidateQueries({ queryKey: ['admin', 'deals'] })
      void notify('success', t`Deal updated`)
    } catch (error) {
      void notify('error', errorLines(error).join(', '))
    }
  }
  return (
    <section>
      <div className="admin-filters">
        <label className="field">
          <Trans>State</Trans>
          <select value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">{t`All`}</option>
            {DEAL_STATES.map((value) => (
              <option key={value} value={value}>
                {stateLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <Trans>Search (code, user, mission)</Trans>
          <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>
      <ul className="admin-list">
        {data?.items.map((deal) => (
          <li key={deal.code}>
            <span>
              <strong>{deal.code}</strong> {deal.username} · {shortenName(deal.missionTitle, TITLE_MAX)} ·{' '}
              <span className="muted">
                <DealStateBadge state={deal.state} /> · {deal.progress}/{deal.goal} ·{' '}
                {formatMoney(deal.earned)} · {formatDate(deal.createdAt)}
              </span>
            </span>
            {deal.state === 'inprogress' ? (
              <span className="admin-actions">
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => change(deal, 'finished')}
                >
                  <Trans>Complete</Trans>
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => change(deal, 'stopped')}
                >
                  <Trans>Stop</Trans>
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
