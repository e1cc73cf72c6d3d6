import { Trans, useLingui } from '@lingui/react/macro'
import './deals.css'
import type { DealState } from '#shared/contract/deals.ts'

export function DealStateBadge({ state }: { state: DealState }) {
  const { t } = useLingui()
  const labels: Record<DealState, string> = {
    inprogress: t`In progress`,
    finished: t`Completed`,
    stopped: t`Stopped`,
  }
  return <span className={`deal-state deal-state-${state}`}>{labels[state]}</span>
}

/** Progress towards the goal, as a bar with its numbers in words for screen readers. */
export function DealProgress({ progress, goal }: { progress: number; goal: number }) {
  const { t } = useLingui()
  const percent = goal > 0 ? Math.min(100, Math.round((progress / goal) * 100)) : 0
  return (
    <div className="deal-progress">
      <div
        className="deal-progress-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(progress, goal)}
        aria-label={t`Progress towards the goal`}
      >
        <div className="deal-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="deal-progress-label">
        <Trans>
          {progress} / {goal} ({percent}%)
        </Trans>
      </p>
    </div>
  )
}
