import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminPayoutItem } from '#shared/contract/admin.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { payoutStatusLabels } from '../labels'
import { readError } from '../messages'
import { setPayoutStatus } from './api'
import { PayoutBatches } from './payout-batches'
import '../wallet.css'
import { adminWalletQueries } from './admin-queries'

/** Admin tab "Payouts": the manual provider. An operator sends the transfer, then marks it paid or failed. */
export function PayoutsTab() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState('pending')
  const query = useQuery(adminWalletQueries.payouts(status))
  const items = query.data?.items ?? []

  const settle = async (item: AdminPayoutItem, next: 'paid' | 'failed') => {
    const confirmed = await confirm({
      title: next === 'paid' ? t`Mark this payout as paid?` : t`Mark this payout as failed?`,
      message:
        next === 'paid'
          ? t`${formatMoney(item.amount)} to ${item.holderName} (${item.ibanMasked}).`
          : t`${formatMoney(item.amount)} goes back to ${item.username}’s balance.`,
      confirmLabel: next === 'paid' ? t`Mark paid` : t`Mark failed`,
      danger: next === 'failed',
    })
    if (!confirmed) return
    try {
      await setPayoutStatus(item.id, next)
      void notify('success', next === 'paid' ? t`Payout marked paid.` : t`Payout marked failed and refunded.`)
      void queryClient.invalidateQueries({ queryKey: adminWalletQueries.payoutQueues() })
    } catch (caught) {
      void notify('error', readError(i18n, caught, t`The payout could not be updated.`).general[0] ?? '')
    }
  }

  return (
    <section aria-labelledby="admin-payouts-title">
      <h2 id="admin-payouts-title">
        <Trans>Payouts</Trans>
      </h2>
      <label className="inline-field">
        <Trans>Status</Trans>{' '}
        <select value={status} onChange={(event) => setStatus(event.target.value)} aria-label={t`Status`}>
          <option value="pending">{t`Pending`}</option>
          <option value="paid">{t`Paid`}</option>
          <option value="failed">{t`Failed`}</option>
        </select>
      </label>
      {query.isPending ? <p className="muted">{t`Loading…`}</p> : null}
      {!query.isPending && items.length === 0 ? <p className="muted">{t`No payouts here.`}</p> : null}
      <ul className="wallet-list">
        {items.map((item) => (
          <li key={item.id} className="admin-row" data-testid="payout-admin-row">
            <div>
              <strong>{formatMoney(item.amount)}</strong> · {item.username} · {item.holderName}{' '}
              <span className="mono">{item.ibanMasked}</span> ·{' '}
              <span className="muted">{formatDate(item.createdAt)}</span>
            </div>
            {item.status === 'pending' ? (
              <div className="admin-actions">
                <button type="button" className="button" onClick={() => settle(item, 'paid')}>
                  <Trans>Mark paid</Trans>
                </button>
                <button type="button" className="button button-danger" onClick={() => settle(item, 'failed')}>
                  <Trans>Mark failed</Trans>
                </button>
              </div>
            ) : (
              <span className={`status status-${item.status}`}>
                {i18n._(payoutStatusLabels[item.status])}
              </span>
            )}
          </li>
        ))}
      </ul>
      <PayoutBatches />
    </section>
  )
}
