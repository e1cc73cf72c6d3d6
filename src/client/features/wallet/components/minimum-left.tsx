import { Trans } from '@lingui/react/macro'
import type { Money } from '#shared/contract/common.ts'
import { formatMoney } from '#shared/format.ts'

/**
 * What is still missing before a payout, while the available part is below the minimum. Pending
 * earnings are counted in: they reach the minimum once their hold ends, so only the rest must still
 * be earned, and the pending part is named so the streamer knows why it does not count yet.
 */
export function MinimumLeft({
  available,
  pending,
  minimum,
}: {
  available: Money
  pending: Money
  minimum: Money
}) {
  const goal = formatMoney(minimum)
  const held = Math.max(0, pending.amount)
  if (held === 0) {
    const missing = formatMoney(minimum.amount - available.amount)
    return (
      <Trans>
        {missing} more to reach the payout minimum of {goal}.
      </Trans>
    )
  }
  const waiting = formatMoney(pending)
  const rest = minimum.amount - available.amount - held
  if (rest <= 0) {
    return (
      <Trans>
        {waiting} pending: you reach the payout minimum of {goal} once it is available.
      </Trans>
    )
  }
  const missing = formatMoney(rest)
  return (
    <Trans>
      {waiting} pending (counted once available); {missing} more to reach the payout minimum of {goal}.
    </Trans>
  )
}
