import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type ActivityRow,
  type BankAccount,
  type Payout,
  TRANSACTION_KINDS,
  type TransactionKind,
} from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { activityExportLink } from '../api'
import { walletHistoryQueries } from '../history'

/** The translated name of each kind of entry, for rows and the filter. */
function useKindLabels(): Record<TransactionKind, string> {
  const { t } = useLingui()
  return {
    earning: t`Earnings`,
    earning_reversal: t`Rejected earnings`,
    payout: t`Payout`,
    payout_reversal: t`Payout reversed`,
    adjustment: t`Adjustment`,
  }
}

/** The deal's mission title in the user's language; else the entry's own description. */
function RowTitle({ row, label }: { row: ActivityRow; label: string }) {
  return <span className="activity-title">{row.deal?.title ?? (row.description || label)}</span>
}

function RowCount({ row }: { row: ActivityRow }): string | null {
  const { t } = useLingui()
  const count = row.count
  if (row.kind === 'earning' && row.deal) return t`${plural(count, { one: '# click', other: '# clicks' })}`
  if (row.kind === 'earning_reversal' && row.deal) {
    return t`${plural(count, { one: '# click rejected', other: '# clicks rejected' })}`
  }
  return count > 1 ? t`${plural(count, { one: '# entry', other: '# entries' })}` : null
}

/**
 * The history as the streamer reads it: one row per deal and day (the clicks it counts, the sum),
 * payouts and adjustments one each; a kind filter, the CSV of what is shown, and "Load more".
 */
export function ActivityList({ username }: { username: string }) {
  const { t } = useLingui()
  const labels = useKindLabels()
  const [kind, setKind] = useState<TransactionKind | ''>('')
  const query = useInfiniteQuery(walletHistoryQueries.activity(username, kind || undefined))
  const rows = query.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section className="wallet-card" aria-labelledby="transactions-title">
      <div className="activity-head">
        <h2 id="transactions-title">
          <Trans>Transactions</Trans>
        </h2>
        <div className="activity-tools">
          <label>
            <span>
              <Trans>Show</Trans>
            </span>
            <select
              value={kind}
              data-testid="activity-kind"
              onChange={(event) => setKind(event.currentTarget.value as TransactionKind | '')}
            >
              <option value="">{t`All transactions`}</option>
              {TRANSACTION_KINDS.map((value) => (
                <option key={value} value={value}>
                  {labels[value]}
                </option>
              ))}
            </select>
          </label>
          <a className="button button-ghost" href={activityExportLink(username, kind || undefined)} download>
            <Trans>Download CSV</Trans>
          </a>
        </div>
      </div>
      {query.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : query.isError && rows.length === 0 ? (
        <p className="muted" role="alert">
          <Trans>The transactions could not be loaded. Try again in a moment.</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">
          {kind ? (
            <Trans>No transactions of this kind yet.</Trans>
          ) : (
            <Trans>No transactions yet. Earnings from your deals will appear here.</Trans>
          )}
        </p>
      ) : (
        <ul className="wallet-list activity-list" data-testid="activity-list">
          {rows.map((row) => (
            <li key={row.id} className="activity-row" data-testid="activity-row">
              <span className="activity-main">
                <RowTitle row={row} label={labels[row.kind]} />
                <span className="muted activity-meta">
                  <span className={`kind kind-${row.kind}`}>{labels[row.kind]}</span>
                  <span>{formatDate(row.day)}</span>
                  <span data-testid="activity-count">
                    <RowCount row={row} />
                  </span>
                </span>
              </span>
              <span
                className={row.amount.amount < 0 ? 'amount negative' : 'amount'}
                data-testid="activity-amount"
              >
                {formatMoney(row.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {rows.length > 0 ? t`${plural(rows.length, { one: '# row shown', other: '# rows shown' })}` : ''}
      </p>
      {query.hasNextPage ? (
        <button
          type="button"
          className="button button-ghost load-more"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
        </button>
      ) : null}
    </section>
  )
}

export function PayoutHistory({
  payouts,
  accounts,
}: {
  payouts: readonly Payout[]
  accounts: readonly BankAccount[]
}) {
  const { t } = useLingui()
  const statuses: Record<Payout['status'], string> = { pending: t`Pending`, paid: t`Paid`, failed: t`Failed` }
  if (payouts.length === 0) return null
  return (
    <section className="wallet-card" aria-labelledby="payouts-title">
      <h2 id="payouts-title">
        <Trans>Payouts</Trans>
      </h2>
      <ul className="wallet-list">
        {payouts.map((payout) => (
          <li key={payout.id} className="payout-row" data-testid="payout-row">
            <span>{formatDate(payout.createdAt)}</span>
            <span className="muted">
              {accounts.find((account) => account.id === payout.bankAccountId)?.ibanMasked ?? ''}
            </span>
            <span className={`status status-${payout.status}`}>{statuses[payout.status]}</span>
            <span className="amount">{formatMoney(payout.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
