import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { rewardModelLabels } from '#client/features/deals/labels.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { formatMoney } from '#shared/format.ts'
import { brandQueries } from '../queries'
import { BrandCrumbs } from './brand-crumbs'
import { ClicksChart } from './clicks-chart'
import { FlaggedDeals } from './flagged-deals'
import { MissionActions, MissionStatusBadge } from './mission-actions'
import { DraftEditor } from './mission-form'
import { SpendBar } from './spend-bar'
import { StreamersTable } from './streamers-table'
import { TopUpBox } from './top-up-box'
import './brand.css'
import './brand-self-service.css'

/**
 * A mission's campaign at a glance: spend against budget (live: `brand:budget`), clicks per
 * day with the reasons some did not count, goals reached, each streamer's results (CSV), flagged deals
 * and topping the budget up.
 */
export function MissionResults({ slug, code }: { slug: string; code: string }) {
  const { i18n } = useLingui()
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  const { data: results } = useSuspenseQuery(brandQueries.results(slug, code))
  const { mission, totals } = results
  const { data: missions } = useSuspenseQuery(brandQueries.missions(slug))
  const thumbnail = missions.items.find((item) => item.code === code)?.thumbnail ?? null
  return (
    <section className="brand-page">
      <BrandCrumbs slug={slug} name={provider.name} current={mission.title} />
      <header className="brand-page-head">
        {thumbnail ? (
          <img
            className="mission-thumbnail-head"
            src={mediaUrl(thumbnail)}
            alt=""
            width={128}
            height={72}
            data-testid="results-thumbnail"
          />
        ) : null}
        <div>
          <h1>{mission.title}</h1>
          <p className="brand-mission-meta">
            <MissionStatusBadge status={mission.status} />
            <span>
              {formatMoney(mission.rewardCents)} · {i18n._(rewardModelLabels[mission.rewardModel])}
            </span>
          </p>
        </div>
        <MissionActions slug={slug} code={code} title={mission.title} status={mission.status} />
      </header>
      {mission.status === 'draft' ? (
        <p className="brand-notice" role="status">
          <Trans>
            This mission is a draft: edit it below until an administrator checks and publishes it. Its results
            show here once streamers take it.
          </Trans>
        </p>
      ) : null}
      {mission.status === 'draft' ? <DraftEditor slug={slug} code={code} /> : null}
      <div className="results-grid">
        <section className="brand-card-panel" aria-labelledby="brand-spend-title" data-testid="brand-spend">
          <h2 id="brand-spend-title">
            <Trans>Budget</Trans>
          </h2>
          <SpendBar
            spent={mission.spentCents}
            budget={mission.budgetCents}
            remaining={mission.remainingCents}
          />
        </section>
        <section className="brand-card-panel" aria-labelledby="brand-totals-title">
          <h2 id="brand-totals-title">
            <Trans>Totals</Trans>
          </h2>
          <dl className="results-totals">
            <div>
              <dt>
                <Trans>Valid clicks</Trans>
              </dt>
              <dd data-testid="valid-clicks">{totals.validClicks}</dd>
            </div>
            <div>
              <dt>
                <Trans>Not counted</Trans>
              </dt>
              <dd>{totals.invalidClicks}</dd>
            </div>
            <div>
              <dt>
                <Trans>Goals reached</Trans>
              </dt>
              <dd>{totals.goalsReached}</dd>
              <dd className="field-hint">
                <Plural
                  value={mission.goal}
                  one="deals that reached # valid click"
                  other="deals that reached # valid clicks"
                />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Streamers</Trans>
              </dt>
              <dd>{totals.deals}</dd>
              <dd className="field-hint">
                <Trans>
                  {totals.deals} of {mission.spots} spots taken
                </Trans>
              </dd>
            </div>
          </dl>
        </section>
      </div>
      <section className="brand-section" aria-labelledby="brand-clicks-title">
        <h2 id="brand-clicks-title">
          <Trans>Clicks over the last 30 days</Trans>
        </h2>
        <ClicksChart days={results.days} />
      </section>
      <FlaggedDeals slug={slug} code={code} streamers={results.streamers} />
      <StreamersTable slug={slug} code={code} streamers={results.streamers} />
      {/* A closed mission takes no more budget; one without a cap has nothing to top up. */}
      {mission.status === 'closed' || mission.budgetCents === null ? null : (
        <TopUpBox slug={slug} code={code} />
      )}
    </section>
  )
}
