import { Trans, useLingui } from '@lingui/react/macro'
import { DealProgress, DealStateBadge } from '#client/features/deals/components/deal-progress.tsx'
import { MissionImage } from '#client/features/deals/components/mission-image.tsx'
import { ProviderName } from '#client/features/deals/components/provider-name.tsx'
import { StopDealButton } from '#client/features/deals/components/stop-deal-button.tsx'
import type { Deal } from '#shared/contract/deals.ts'
import { formatMoney, shortenName } from '#shared/format.ts'

// 80 characters: the page heading stays within two lines on a phone.
const TITLE_MAX = 80

/** A deal page's header: the mission, the deal's state, progress and earnings, and its stop button. */
export function DealHeader({ deal }: { deal: Deal }) {
  const { t } = useLingui()
  return (
    <header className="deal-header">
      <MissionImage mission={deal.mission} width={160} height={90} />
      <div className="deal-header-body">
        <p className="muted">
          <ProviderName provider={deal.mission.provider} size={24} />
        </p>
        <h1 title={deal.mission.title}>{shortenName(deal.mission.title, TITLE_MAX)}</h1>
        <p>
          <DealStateBadge state={deal.state} /> <span className="muted">{t`Deal ${deal.code}`}</span>
        </p>
        <DealProgress progress={deal.progress} goal={deal.goal} />
        <p className="deal-earned">
          <Trans>Earned:</Trans> <strong data-testid="deal-earned">{formatMoney(deal.earned)}</strong>
        </p>
      </div>
      <div className="deal-header-actions">
        <StopDealButton deal={deal} />
      </div>
    </header>
  )
}
