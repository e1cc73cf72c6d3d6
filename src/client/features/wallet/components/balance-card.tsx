import { Trans, useLingui } from '@lingui/react/macro'
import type { Money } from '#shared/contract/common.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { MinimumLeft } from './minimum-left'

/**
 * The balance split as payouts see it: the available part, and the earnings still on hold with the
 * day their next part becomes available; the progress bar measures the available part against the
 * payout minimum.
 */
export function BalanceCard({ wallet, minimum }: { wallet: Wallet; minimum: Money }) {
  const { t } = useLingui()
  const { available, pending } = wallet
  const reached = available.amount >= minimum.amount
  const percent = Math.min(
    100,
    Math.round((Math.max(0, available.amount) / Math.max(1, minimum.amount)) * 100),
  )
  const nextDate = formatDate(wallet.nextAvailableAt)
  return (
    <section className="wallet-card balance-card" aria-labelledby="balance-title">
      <h2 id="balance-title">
        <Trans>Balance</Trans>
      </h2>
      <p className="balance-amount" data-testid="wallet-balance">
        {formatMoney(wallet.balance)}
      </p>
      <dl className="balance-split">
        <div>
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd data-testid="wallet-available">{formatMoney(available)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Pending</Trans>
          </dt>
          <dd data-testid="wallet-pending">{formatMoney(pending)}</dd>
        </div>
      </dl>
      {pending.amount > 0 ? (
        <p className="muted" data-testid="wallet-pending-note">
          {nextDate ? (
            <Trans>
              New earnings are checked for fraud before they can be paid out. The next part of your pending
              earnings becomes available on {nextDate}.
            </Trans>
          ) : (
            <Trans>New earnings are checked for fraud before they can be paid out.</Trans>
          )}
        </p>
      ) : null}
      <progress max={100} value={percent} aria-label={t`Progress to the payout minimum`} />
      <p className="muted">
        {reached ? (
          <Trans>You can request a payout (minimum {formatMoney(minimum)}).</Trans>
        ) : (
          <MinimumLeft available={available} pending={pending} minimum={minimum} />
        )}
      </p>
    </section>
  )
}
