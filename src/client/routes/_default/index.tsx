import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { openAuthModal } from '../../features/auth/auth-modal-state'
import { MissionCard } from '../../features/deals/components/mission-card'
import { missionQueries } from '../../features/deals/queries'

// Six cards: two rows on a desktop, a short scroll on a phone.
const teaserSize = 6

export const Route = createFileRoute('/_default/')({
  // Started, not awaited: the hero paints at once and the catalogue fills in (or fails) on its own.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(missionQueries.list())
  },
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">
          <Trans>Get paid to stream the games and brands you love</Trans>
        </h1>
        <p className="hero-lead">
          <Trans>
            Streamdeals brings brands' paid missions to streamers. Pick a deal, share your tracked link, show
            the live goal widget on stream, and every valid click or goal reached lands in your wallet.
          </Trans>
        </p>
        <div className="hero-actions">
          <button type="button" className="button button-large" onClick={() => openAuthModal('registration')}>
            <Trans>Start earning</Trans>
          </button>
          <a href="#missions" className="button button-ghost button-large">
            <Trans>See the missions</Trans>
          </a>
        </div>
      </section>
      <MissionTeaser />
    </>
  )
}

function MissionTeaser() {
  const { data, status } = useQuery(missionQueries.list())
  return (
    <section id="missions" className="missions" aria-labelledby="missions-title">
      <h2 id="missions-title">
        <Trans>Missions open right now</Trans>
      </h2>
      {status === 'pending' ? (
        <p className="muted" role="status">
          <Trans>Loading missions…</Trans>
        </p>
      ) : null}
      {status === 'error' ? (
        <p className="muted" role="status">
          <Trans>The missions could not be loaded. Check your connection and try again.</Trans>
        </p>
      ) : null}
      {data && data.items.length === 0 ? (
        <p className="muted">
          <Trans>No missions are open at the moment. Come back soon!</Trans>
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <ul className="mission-grid">
          {data.items.slice(0, teaserSize).map((mission) => (
            <li key={mission.code}>
              <MissionCard mission={mission} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
