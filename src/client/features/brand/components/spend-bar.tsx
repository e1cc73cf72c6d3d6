import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney } from '#shared/format.ts'

/**
 * Spend against budget: a bar with the figures in words (a mission without a cap has no bar, only its
 * spend). `compact` is the missions list's one line; the results page shows the remaining budget big.
 */
export function SpendBar({
  spent,
  budget,
  remaining,
  compact = false,
}: {
  spent: number
  budget: number | null
  remaining: number | null
  compact?: boolean
}) {
  const { t } = useLingui()
  const spentText = formatMoney(spent)
  if (budget === null) {
    return (
      <div className="spend">
        <p className="spend-figures">
          <Trans>
            <span data-testid="spent">{spentText}</span> spent, no budget cap
          </Trans>
        </p>
      </div>
    )
  }
  const budgetText = formatMoney(budget)
  const remainingText = formatMoney(remaining ?? Math.max(0, budget - spent))
  const percent = budget > 0 ? Math.min(100, (spent / budget) * 100) : 100
  const level = percent >= 100 ? 'spend-full' : percent >= 80 ? 'spend-high' : ''
  return (
    <div className={`spend ${level}`}>
      {compact ? null : (
        <p className="spend-remaining">
          <Trans>
            <strong data-testid="remaining">{remainingText}</strong> left of the budget
          </Trans>
        </p>
      )}
      <div
        className="spend-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={Math.min(spent, budget)}
        aria-valuetext={t`${spentText} spent of ${budgetText}`}
        aria-label={t`Budget spent`}
      >
        <div className="spend-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="spend-figures">
        <Trans>
          <span data-testid="spent">{spentText}</span> spent of {budgetText}
        </Trans>
      </p>
    </div>
  )
}
