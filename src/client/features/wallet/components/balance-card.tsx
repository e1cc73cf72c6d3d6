import { Trans, useLingui } from '@lingui/react/macro'
import type { Money } from '../../../../shared/contract/common'
import { formatMoney } from '../../../../shared/format'

/** The balance, and how far it is from the payout minimum. */
export function BalanceCard({ balance, minimum }: { balance: Money; minimum: Money }) {
  const { t } = useLingui()
  const reached = balance.amount >= minimum.amount
  const percent = Math.min(100, Math.round((Math.max(0, balance.amount) / Math.max(1, minimum.amount)) * 100))
  const missing = formatMoney(minimum.amount - balance.amount)
  return (
    <section className="wallet-card balance-card" aria-labelledby="balance-title">
      <h2 id="balance-title">
        <Trans>Balance</Trans>
      </h2>
      <p className="balance-amount" data-testid="wallet-balance">
        {formatMoney(balance)}
      </p>
      <progress max={100} value={percent} aria-label={t`Progress to the payout minimum`} />
      <p className="muted">
        {reached ? (
          <Trans>You can request a payout (minimum {formatMoney(minimum)}).</Trans>
        ) : (
          <Trans>
            {missing} more to reach the payout minimum of {formatMoney(minimum)}.
          </Trans>
        )}
      </p>
    </section>
  )
}
