import { Trans, useLingui } from '@lingui/react/macro'
import type { WidgetView } from '#shared/contract/deals.ts'
import { formatMoney, shortenName } from '#shared/format.ts'
import './widget-palette.css'
import './goal-widget.css'

// 48 characters: the title stays on one line at 400 px wide with the widget's font scale.
const TITLE_MAX = 48

/**
 * The goal bar for a view: the goal overlay (overlays/overlay-page.tsx), and the brand portal's preview of a
 * theme (features/brand), which passes a sample view.
 */
export function GoalWidgetView({
  view,
  pulsing = false,
  themeClass = `goal-widget-theme-${view.theme}`,
  numberLocale,
}: {
  view: WidgetView
  pulsing?: boolean
  /** An overlay URL's `theme=light|dark` instead of the partner's theme. */
  themeClass?: string
  /** Money and counts in the overlay's language (French format otherwise). */
  numberLocale?: string
}) {
  const { t } = useLingui()
  const percent = view.goal > 0 ? Math.min(100, (view.progress / view.goal) * 100) : 0
  const reward = formatMoney(view.reward.amount, { locale: numberLocale })
  return (
    <div
      className={`goal-widget ${themeClass}${pulsing ? ' goal-widget-pulse' : ''}`}
      data-state={view.state}
      data-testid="goal-widget"
    >
      <div className="goal-widget-head">
        <p className="goal-widget-brand">{view.providerName}</p>
        <p className="goal-widget-title" title={view.missionTitle}>
          {shortenName(view.missionTitle, TITLE_MAX)}
        </p>
      </div>
      <div
        className="goal-widget-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={view.goal}
        aria-valuenow={Math.min(view.progress, view.goal)}
        aria-label={t`Progress towards the goal`}
      >
        {/* data-started: from the first click the fill is at least a round dot, not a sliver the
            rounded track cuts away (3 of 500 is 0.6 %). */}
        <div className="goal-widget-fill" data-started={view.progress > 0} style={{ width: `${percent}%` }} />
      </div>
      <p className="goal-widget-meta" aria-live="polite">
        <span className="goal-widget-count" data-testid="goal-widget-count">
          {view.progress} / {view.goal}
        </span>
        <span className="goal-widget-status">
          {view.state === 'finished' ? (
            <Trans>Goal reached!</Trans>
          ) : view.state === 'stopped' ? (
            <Trans>Ended</Trans>
          ) : view.reward.model === 'cpc' ? (
            <Trans>{reward} per click</Trans>
          ) : (
            <Trans>{reward} at the goal</Trans>
          )}
        </span>
      </p>
    </div>
  )
}
