import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { inLanguage } from '#client/features/deals/admin-kit.ts'
import { rewardModelLabels } from '#client/features/deals/labels.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { brandQueries } from '../queries'
import { MissionActions, MissionStatusBadge } from './mission-actions'
import { SpendBar } from './spend-bar'

/**
 * The provider's missions in every status: spend against budget, clicks and spots, and status changes.
 * A brand still waiting for approval cannot draft yet (`canDraft`).
 */
export function MissionList({ slug, canDraft }: { slug: string; canDraft: boolean }) {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(brandQueries.missions(slug))
  const newMission = (
    <Link to="/dashboard/provider/$slug/missions/new" params={{ slug }} className="button">
      <Trans>New mission</Trans>
    </Link>
  )
  return (
    <section className="brand-section" aria-labelledby="brand-missions-title">
      <header className="brand-section-head">
        <h2 id="brand-missions-title">
          <Trans>Missions</Trans>
        </h2>
        {data.items.length > 0 && canDraft ? newMission : null}
      </header>
      {data.items.length === 0 ? (
        <EmptyState action={canDraft ? newMission : undefined}>
          {canDraft ? (
            <Trans>No mission yet. Draft your first one: an administrator publishes it.</Trans>
          ) : (
            <Trans>No mission yet. You can draft missions once the brand is approved.</Trans>
          )}
        </EmptyState>
      ) : (
        <ul className="brand-missions">
          {data.items.map((mission) => {
            const title = inLanguage(mission.title, i18n.locale)
            return (
              <li key={mission.code} className="brand-mission">
                <img src={mediaUrl(mission.thumbnail)} alt="" width={112} height={63} loading="lazy" />
                <div className="brand-mission-main">
                  <h3>
                    <Link
                      to="/dashboard/provider/$slug/missions/$code"
                      params={{ slug, code: mission.code }}
                      className="brand-mission-link"
                    >
                      {title}
                    </Link>
                  </h3>
                  <p className="brand-mission-meta">
                    <MissionStatusBadge status={mission.status} />
                    <span>
                      {formatMoney(mission.reward.amount)} · {i18n._(rewardModelLabels[mission.reward.model])}
                    </span>
                    <span>
                      <Trans>
                        {mission.deals} of {mission.spots} spots taken
                      </Trans>
                    </span>
                    <span>
                      <Plural value={mission.validClicks} one="# valid click" other="# valid clicks" />
                    </span>
                    <span>
                      {mission.endsAt ? (
                        <Trans>
                          From {formatDate(mission.startsAt)} to {formatDate(mission.endsAt)}
                        </Trans>
                      ) : (
                        <Trans>From {formatDate(mission.startsAt)}</Trans>
                      )}
                    </span>
                  </p>
                  {mission.reviewNote ? (
                    <p className="brand-mission-notice" role="note">
                      <Trans>Not published: {mission.reviewNote}</Trans>
                    </p>
                  ) : null}
                </div>
                <SpendBar
                  spent={mission.spent}
                  budget={mission.budget}
                  remaining={mission.remaining}
                  compact
                />
                <MissionActions
                  slug={slug}
                  code={mission.code}
                  title={title}
                  status={mission.status}
                  editLink
                />
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
