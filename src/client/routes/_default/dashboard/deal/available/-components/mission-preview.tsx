import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { DealStateBadge } from '#client/features/deals/components/deal-progress.tsx'
import { CountdownText, useNow } from '#client/features/deals/components/mission-countdown.tsx'
import { MissionImage } from '#client/features/deals/components/mission-image.tsx'
import { EstimateText, RewardText } from '#client/features/deals/components/mission-reward.tsx'
import { missionTiming } from '#client/features/deals/mission-countdown.ts'
import { goalEarnings } from '#client/features/deals/mission-terms.ts'
import { dealQueries, missionQueries } from '#client/features/deals/queries.ts'
import { mediaUrl } from '#client/lib/media.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { TakeMissionButton } from '../../-components/take-mission-button'
import { ClickRules } from './click-rules'
import './mission-preview.css'

/**
 * The mission as the available list has it (the same query, so the same texts and language), or read
 * on its own when the list does not show it (taken already, or over).
 */
export function MissionPreview({ code, username }: { code: string; username: string }) {
  const { data: list } = useSuspenseQuery(missionQueries.list({ excludeCurrentUser: true }))
  const listed = list.items.find((mission) => mission.code === code)
  if (listed) return <PreviewBody mission={listed} available username={username} />
  return <UnlistedPreview code={code} username={username} />
}

function UnlistedPreview({ code, username }: { code: string; username: string }) {
  const { data: mission } = useSuspenseQuery(missionQueries.detail(code))
  return <PreviewBody mission={mission} available={false} username={username} />
}

/** The whole mission before it is taken: what it pays, until when, and which clicks count. */
function PreviewBody({
  mission,
  available,
  username,
}: {
  mission: Mission
  available: boolean
  username: string
}) {
  const { t, i18n } = useLingui()
  const now = useNow()
  const paragraphs = mission.tips.split(/\n{2,}/).filter((text) => text.trim() !== '')
  const provider = mission.provider
  return (
    <article className="mission-preview" aria-labelledby="mission-preview-title">
      <p className="preview-back">
        <Link to="/dashboard/deal">
          <span aria-hidden="true">← </span>
          <Trans>All available missions</Trans>
        </Link>
      </p>
      <header className="preview-hero">
        <MissionImage mission={mission} width={480} height={270} />
        <div className="preview-hero-body">
          <p className="preview-brand">
            {provider.logo ? <img src={mediaUrl(provider.logo)} alt="" width={28} height={28} /> : null}
            <span>{provider.name}</span>
          </p>
          <h1 id="mission-preview-title">{mission.title}</h1>
          <p className="preview-reward">
            <RewardText mission={mission} />
          </p>
          <PreviewAction mission={mission} available={available} username={username} now={now} />
        </div>
      </header>

      <dl className="preview-stats" aria-label={t`At a glance`}>
        <div className="preview-stat preview-stat-earn">
          <dt>
            <Trans>Earn at the goal</Trans>
          </dt>
          <dd>
            <strong className="preview-stat-value">{formatMoney(goalEarnings(mission))}</strong>
            <span className="preview-stat-hint">
              <EstimateText mission={mission} />
            </span>
          </dd>
        </div>
        <div className="preview-stat" data-testid="preview-goal">
          <dt>
            <Trans>Goal</Trans>
          </dt>
          <dd>
            <strong className="preview-stat-value">{i18n.number(mission.goal)}</strong>
            <span className="preview-stat-hint">
              <Plural value={mission.goal} one="valid click" other="valid clicks" />
            </span>
          </dd>
        </div>
        <div className="preview-stat" data-testid="preview-spots">
          <dt>
            <Trans>Spots left</Trans>
          </dt>
          <dd>
            <strong className="preview-stat-value">{mission.spotsLeft}</strong>
            <span className="preview-stat-hint">
              <Trans>of {mission.spots}</Trans>
            </span>
          </dd>
        </div>
        <div className="preview-stat" data-testid="preview-dates">
          <dt>
            <Trans>Ends</Trans>
          </dt>
          <dd>
            <strong
              className={mission.endsAt ? 'preview-stat-value' : 'preview-stat-value preview-stat-words'}
            >
              {mission.endsAt ? formatDate(mission.endsAt) : <Trans>No end date</Trans>}
            </strong>
            <span className="preview-stat-hint" data-testid="preview-countdown">
              <CountdownText mission={mission} now={now} />
            </span>
          </dd>
        </div>
      </dl>

      <div className="preview-columns">
        <div className="preview-main">
          <section aria-labelledby="preview-about">
            <h2 id="preview-about">
              <Trans>About this mission</Trans>
            </h2>
            <p className="preview-text">{mission.description}</p>
          </section>
          <section aria-labelledby="preview-earn">
            <h2 id="preview-earn">
              <Trans>How you earn</Trans>
            </h2>
            <EarningsInWords mission={mission} />
          </section>
          <section aria-labelledby="preview-valid">
            <h2 id="preview-valid">
              <Trans>What counts as a valid click</Trans>
            </h2>
            <ClickRules />
          </section>
          <section aria-labelledby="preview-tips">
            <h2 id="preview-tips">
              <Trans>Tips</Trans>
            </h2>
            {paragraphs.length === 0 ? (
              <p className="muted">
                <Trans>The brand has not shared tips for this mission.</Trans>
              </p>
            ) : (
              paragraphs.map((text) => (
                <p className="preview-text" key={text}>
                  {text}
                </p>
              ))
            )}
          </section>
        </div>
        <aside className="preview-side">
          <section className="preview-card" aria-labelledby="preview-schedule">
            <h2 id="preview-schedule">
              <Trans>Schedule</Trans>
            </h2>
            <dl className="facts">
              <dt>
                <Trans>Starts</Trans>
              </dt>
              <dd>{formatDate(mission.startsAt)}</dd>
              <dt>
                <Trans>Ends</Trans>
              </dt>
              <dd>{mission.endsAt ? formatDate(mission.endsAt) : <Trans>No end date</Trans>}</dd>
            </dl>
            <p className="preview-countdown">
              <CountdownText mission={mission} now={now} />
            </p>
          </section>
          {provider.description ? (
            <section className="preview-card" aria-labelledby="preview-brand">
              <h2 id="preview-brand">
                <Trans>About {provider.name}</Trans>
              </h2>
              <p className="muted">{provider.description}</p>
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  )
}

/** The reward model in plain words. */
function EarningsInWords({ mission }: { mission: Mission }) {
  const { i18n } = useLingui()
  const reward = formatMoney(mission.reward.amount)
  const total = formatMoney(goalEarnings(mission))
  const goal = i18n.number(mission.goal)
  return (
    <>
      <p className="preview-text">
        {mission.reward.model === 'cpc' ? (
          <Trans>
            Every valid click on your tracked link earns {reward}, up to the goal of {goal} valid clicks:
            reaching it earns {total} in all and completes the deal.
          </Trans>
        ) : (
          <Trans>
            Bring {goal} valid clicks through your tracked link: {reward} is credited when the goal is
            reached, and the deal is complete.
          </Trans>
        )}
      </p>
      <p className="muted preview-text">
        <Trans>
          Earnings land in your wallet as pending, and become available for a payout once the holding period
          has passed.
        </Trans>
      </p>
    </>
  )
}

/** Take it, or why not: already yours, full, not started yet, or over. */
function PreviewAction({
  mission,
  available,
  username,
  now,
}: {
  mission: Mission
  available: boolean
  username: string
  now: number
}) {
  const timing = missionTiming(mission, now)
  const { data: deal } = useQuery({
    ...dealQueries.detail(username, mission.code),
    enabled: !available,
    retry: false,
  })
  if (deal) {
    return (
      <div className="preview-action">
        <p>
          <DealStateBadge state={deal.state} />{' '}
          <Trans>You took this mission on {formatDate(deal.createdAt)}.</Trans>
        </p>
        <Link
          to="/dashboard/deal/$status/{-$code}"
          params={{ status: deal.state, code: mission.code }}
          className="button button-large"
        >
          <Trans>Open your deal</Trans>
        </Link>
      </div>
    )
  }
  if (!available || timing === 'ended') {
    return (
      <p className="preview-action preview-closed">
        <Trans>This mission is over</Trans>
      </p>
    )
  }
  if (timing === 'upcoming') {
    return (
      <p className="preview-action preview-closed">
        <Trans>Opens on {formatDate(mission.startsAt)}</Trans>
      </p>
    )
  }
  return (
    <div className="preview-action">
      <TakeMissionButton mission={mission} username={username} className="button button-large" />
      {mission.spotsLeft === 0 ? (
        <p className="muted">
          <Trans>This mission is full</Trans>
        </p>
      ) : null}
    </div>
  )
}
