import { Select, Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useCount } from '#client/lib/count.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { formatMoney, shortenName } from '#shared/format.ts'
import { MissionImage } from './mission-image'
import { MissionLink } from './mission-link'
import { EstimateText } from './mission-reward'
import { ProviderName } from './provider-name'

// 60 characters: two lines of a card title at the narrowest card width.
const TITLE_MAX = 60

/**
 * A mission in a catalogue: picture, brand, title, reward, what the goal earns, the spots still open
 * and an optional action. The title links to the mission's preview, and the whole card with it (the
 * link's box covers the card; the action stays above it).
 */
export function MissionCard({ mission, children }: { mission: Mission; children?: ReactNode }) {
  const reward = formatMoney(mission.reward.amount)
  const { count, category } = useCount(mission.spotsLeft)
  const spots = mission.spotsLeft === 0 ? 'none' : category
  return (
    <article className="mission-card">
      <MissionImage mission={mission} width={320} height={180} loading="lazy" decoding="async" />
      <div className="mission-body">
        <p className="mission-provider">
          <ProviderName provider={mission.provider} />
        </p>
        <h3 className="mission-title" title={mission.title}>
          <MissionLink code={mission.code} className="mission-link">
            {shortenName(mission.title, TITLE_MAX)}
          </MissionLink>
        </h3>
        <p className="mission-reward">
          {mission.reward.model === 'cpc' ? (
            <Trans>{reward} per click</Trans>
          ) : (
            <Trans>{reward} at the goal</Trans>
          )}
        </p>
        <p className="mission-goal">
          <EstimateText mission={mission} />
        </p>
        <p className="mission-spots">
          <Select
            value={spots}
            _none="No spot left"
            _one={`${count} spot left`}
            other={`${count} spots left`}
          />
        </p>
        {children ? <div className="mission-action">{children}</div> : null}
      </div>
    </article>
  )
}
