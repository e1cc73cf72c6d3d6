import { Trans, useLingui } from '@lingui/react/macro'
import type { BankAccount, Payout, Transaction } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'

export function TransactionsList({ transactions }: { transactions: readonly Transaction[] }) {
  const { t } = useLingui()
  const kinds: Record<Transaction['kind'], string> = {
    earning: t`Earning`,
    earning_reversal: t`Earning rejected`,
    payout: t`Payout`,
    payout_reversal: t`Payout reversed`,
    adjustment: t`Adjustment`,
  }
  return (
    <section className="wallet-card" aria-labelledby="transactions-title">
      <h2 id="transactions-title">
        <Trans>Transactions</Trans>
      </h2>
      {transactions.length === 0 ? (
        <p className="muted">
          <Trans>No transactions yet. Earnings from your deals will appear here.</Trans>
        </p>
      ) : (
        <ul className="wallet-list">
          {transactions.map((transaction) => (
            <li key={transaction.id}>
              <details>
                <summary>
                  <span>{kinds[transaction.kind]}</span>
                  <span className="muted">{formatDate(transaction.createdAt)}</span>
                  <span className={transaction.amount.amount < 0 ? 'amount negative' : 'amount'}>
                    {formatMoney(transaction.amount)}
                  </span>
                </summary>
                <dl className="wallet-detail">
                  <dt>
                    <Trans>Description</Trans>
                  </dt>
                  <dd>{transaction.description || '—'}</dd>
                  {transaction.dealCode ? (
                    <>
                      <dt>
                        <Trans>Deal</Trans>
                      </dt>
                      <dd>{transaction.dealCode}</dd>
                    </>
                  ) : null}
                  <dt>
                    <Trans>Reference</Trans>
                  </dt>
                  <dd className="mono">{transaction.id}</dd>
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
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
