import { Select, Trans } from '@lingui/react/macro'
import { useCount } from '#client/lib/count.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { formatMoney } from '#shared/format.ts'
import { goalEarnings } from '../mission-terms'

/** "0,15 € per valid click" or "25,00 € when the goal is reached". */
export function RewardText({ mission }: { mission: Pick<Mission, 'reward'> }) {
  const reward = formatMoney(mission.reward.amount)
  return mission.reward.model === 'cpc' ? (
    <Trans>{reward} per valid click</Trans>
  ) : (
    <Trans>{reward} when the goal is reached</Trans>
  )
}

/** The earnings estimate at the goal: "500 valid clicks → 75,00 €" (the arrow read as "earn"). */
export function EstimateText({ mission }: { mission: Pick<Mission, 'reward' | 'goal'> }) {
  const total = formatMoney(goalEarnings(mission))
  const { count, category } = useCount(mission.goal)
  return (
    <span className="mission-estimate" data-testid="mission-estimate">
      <Select value={category} _one={`${count} valid click`} other={`${count} valid clicks`} />{' '}
      <span aria-hidden="true">→</span>
      <span className="visually-hidden">
        <Trans>earn</Trans>
      </span>{' '}
      <strong>{total}</strong>
    </span>
  )
}
