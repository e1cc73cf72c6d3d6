import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import { DealList } from '#client/features/deals/components/deal-list.tsx'
import { MissionCard } from '#client/features/deals/components/mission-card.tsx'
import { dealQueries, IN_PROGRESS_STATES, missionQueries } from '#client/features/deals/queries.ts'
import { TodaySummary } from '#client/features/wallet/components/today-summary.tsx'
import { walletHistoryQueries } from '#client/features/wallet/history.ts'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { firstScreenPainted } from '#client/lib/first-paint.ts'
import { TakeMissionButton } from './-components/take-mission-button'
import '#client/features/wallet/wallet.css'

export const Route = createFileRoute('/_default/dashboard/deal/')({
  loader: ({ context: { queryClient, username } }) =>
    Promise.all([
      queryClient.ensureQueryData(missionQueries.list({ excludeCurrentUser: true })),
      queryClient.ensureQueryData(dealQueries.list(username, IN_PROGRESS_STATES)),
      queryClient.ensureQueryData(walletHistoryQueries.summary(username)),
      queryClient.ensureQueryData(walletQueries.onboarding(username)),
    ]),
  component: AvailableDealsPage,
})

function AvailableDealsPage() {
  const { username } = Route.useRouteContext()
  const { data: missions } = useSuspenseQuery(missionQueries.list({ excludeCurrentUser: true }))
  const { data: running } = useSuspenseQuery(dealQueries.list(username, IN_PROGRESS_STATES))
  // At a cold start the cards come right after the first paint, so the deals in progress above them
  // show sooner (offline start); each card's place is kept meanwhile. Later visits render
  // them at once.
  const cardsShown = useDeferredValue(true, firstScreenPainted() ? undefined : false)
  return (
    <section className="deals-page">
      <h1>
        <Trans>Deals</Trans>
      </h1>
      <TodaySummary username={username} />
      <h2>
        <Trans>In progress</Trans>
      </h2>
      <DealList deals={running.items} empty={<Trans>No deal in progress yet: take a mission below.</Trans>} />
      <h2>
        <Trans>Available missions</Trans>
      </h2>
      {missions.items.length === 0 ? (
        <p className="muted">
          <Trans>No mission is open right now. New missions appear here as brands publish them.</Trans>
        </p>
      ) : (
        <ul className="mission-grid">
          {missions.items.map((mission) => (
            <li key={mission.code} className={cardsShown ? undefined : 'mission-slot'}>
              {cardsShown ? (
                <MissionCard mission={mission}>
                  <TakeMissionButton mission={mission} username={username} />
                </MissionCard>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
