import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import type { Deal } from '#shared/contract/deals.ts'
import { formatMoney, shortenName } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { DealProgress, DealStateBadge } from './deal-progress'
import { MissionImage } from './mission-image'

// 48 characters keep a deal title on one or two lines in the list.
const TITLE_MAX = 48

/** The user's deals as cards linking to each deal's page. */
export function DealList({ deals, empty }: { deals: readonly Deal[]; empty: ReactNode }) {
  if (deals.length === 0) return <EmptyState>{empty}</EmptyState>
  return (
    <ul className="deal-list">
      {deals.map((deal) => (
        <li key={deal.code}>
          <Link
            to="/dashboard/deal/$status/{-$code}"
            params={{ status: deal.state, code: deal.mission.code }}
            className="deal-card"
          >
            <MissionImage mission={deal.mission} width={96} height={54} />
            <div className="deal-card-body">
              <p className="deal-card-title" title={deal.mission.title}>
                {shortenName(deal.mission.title, TITLE_MAX)}
              </p>
              <p className="muted">
                {deal.mission.provider.name} · <DealStateBadge state={deal.state} /> ·{' '}
                <Trans>since {formatDate(deal.createdAt)}</Trans>
              </p>
              <DealProgress progress={deal.progress} goal={deal.goal} />
            </div>
            <p className="deal-card-earned" data-testid="deal-earned">
              {formatMoney(deal.earned)}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  )
}
