import { Plural, Trans } from '@lingui/react/macro'
import type { Mission } from '../../../../shared/contract/deals'
import { formatMoney } from '../../../../shared/format'
import { mediaUrl } from '../../../lib/media'

/** A mission in a catalogue: picture, brand, title, reward and the spots still open. */
export function MissionCard({ mission }: { mission: Mission }) {
  const picture = mediaUrl(mission.thumbnail ?? mission.provider.logo)
  const reward = formatMoney(mission.reward.amount)
  const spotsLeft = mission.spotsLeft
  return (
    <article className="mission-card">
      <img src={picture} alt="" width={320} height={180} loading="lazy" decoding="async" />
      <div className="mission-body">
        <p className="mission-provider">{mission.provider.name}</p>
        <h3 className="mission-title">{mission.title}</h3>
        <p className="mission-reward">
          {mission.reward.model === 'cpc' ? (
            <Trans>{reward} per click</Trans>
          ) : (
            <Trans>{reward} at the goal</Trans>
          )}
        </p>
        <p className="mission-spots">
          <Plural value={spotsLeft} _0="No spot left" one="# spot left" other="# spots left" />
        </p>
      </div>
    </article>
  )
}
