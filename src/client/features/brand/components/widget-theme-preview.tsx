import { useLingui } from '@lingui/react/macro'
import { GoalWidgetView } from '#client/features/deals/admin-kit.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'

// A sample deal two thirds of the way: the fill, the count and the reward all show.
const SAMPLE_PROGRESS = 64
const SAMPLE_GOAL = 100
const SAMPLE_REWARD_CENTS = 10

/**
 * The goal widget as streamers' viewers will see it on stream, in the chosen theme and with the
 * brand's name as typed (a sample mission and progress), at the widget's small OBS size.
 */
export function WidgetThemePreview({ name, theme }: { name: string; theme: WidgetTheme }) {
  const { t, i18n } = useLingui()
  return (
    <figure className="widget-preview">
      <div className="widget-preview-stage">
        <GoalWidgetView
          view={{
            locale: i18n.locale as Locale,
            missionTitle: t`Your mission’s title`,
            providerName: name || t`Your brand`,
            theme,
            progress: SAMPLE_PROGRESS,
            goal: SAMPLE_GOAL,
            state: 'inprogress',
            reward: { model: 'cpc', amount: { amount: SAMPLE_REWARD_CENTS, currency: 'EUR' } },
            missionCode: 'sample',
            trackedPath: '',
          }}
        />
      </div>
      <figcaption className="field-hint">{t`Preview of the goal widget streamers show on stream.`}</figcaption>
    </figure>
  )
}
