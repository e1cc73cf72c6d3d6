import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AuthLink } from '#client/features/auth/auth-link.tsx'
import { contentQueries } from '#client/features/content/queries.ts'
import { MissionCard } from '#client/features/deals/components/mission-card.tsx'
import { useCurrentUser } from '#client/lib/session.ts'
import type { ContentEntry } from '#shared/contract/content.ts'

// Three questions: enough to show the FAQ is there without turning the home page into it.
const helpLinkCount = 3

function useHomeBlocks(): Map<string, ContentEntry> {
  const { i18n } = useLingui()
  const { data } = useQuery(contentQueries.domain('home', i18n.locale))
  return new Map((data?.items ?? []).map((entry) => [entry.code, entry]))
}

/**
 * The home page's call to action: sign up when signed out, the dashboard when signed in. The server
 * renders nobody signed in (the session lives in the browser), so the sign-up link is what the first
 * paint shows and what a click before hydration follows (`?auth=register`: no dead click);
 * once the app runs it offers the dashboard to whoever is signed in, as the header does.
 */
function SessionCta({ className, signedOut }: { className: string; signedOut: ReactNode }) {
  const user = useCurrentUser()
  if (user) {
    return (
      <Link to="/dashboard/deal" className={className}>
        <Trans>Open my dashboard</Trans>
      </Link>
    )
  }
  return (
    <AuthLink mode="registration" className={className}>
      {signedOut}
    </AuthLink>
  )
}

/** An admin-editable home block (the `home` content domain), or the built-in copy until it loads. */
function Block({
  entry,
  title,
  body,
}: {
  entry: ContentEntry | undefined
  title: ReactNode
  body: ReactNode
}) {
  return (
    <>
      <h3>{entry?.title ?? title}</h3>
      <p>{entry?.body ?? body}</p>
    </>
  )
}

export function Hero() {
  const hero = useHomeBlocks().get('hero')
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">
        {hero?.title ?? <Trans>Get paid to stream the games and brands you love</Trans>}
      </h1>
      <p className="hero-lead">
        {hero?.body ?? (
          <Trans>
            Streamdeals brings brands’ paid missions to streamers. Pick a deal, share your tracked link, show
            the live goal widget on stream, and every valid click or goal reached lands in your wallet.
          </Trans>
        )}
      </p>
      <div className="hero-actions">
        <SessionCta className="button button-large" signedOut={<Trans>Start earning</Trans>} />
        <a href="#missions" className="button button-ghost button-large">
          <Trans>See the missions</Trans>
        </a>
      </div>
    </section>
  )
}

export function Offers() {
  const blocks = useHomeBlocks()
  return (
    <section className="offers" aria-labelledby="offers-title">
      <h2 id="offers-title" className="visually-hidden">
        <Trans>What Streamdeals offers</Trans>
      </h2>
      <div className="offer">
        <h3>
          <Trans>For streamers</Trans>
        </h3>
        <ul>
          <li>
            <Trans>Paid missions from real brands, open to channels of every size.</Trans>
          </li>
          <li>
            <Trans>One tracked link per deal and a live goal widget for OBS.</Trans>
          </li>
          <li>
            <Trans>Earnings credited as they happen, paid out to your bank account.</Trans>
          </li>
        </ul>
      </div>
      <div className="offer">
        <Block
          entry={blocks.get('for-brands')}
          title={<Trans>For brands</Trans>}
          body={
            <Trans>
              Publish a mission, set a reward per click or per goal, and pay only for results streamers bring.
            </Trans>
          }
        />
      </div>
    </section>
  )
}

export function HowItWorks() {
  const blocks = useHomeBlocks()
  return (
    <section className="how" aria-labelledby="how-title">
      <h2 id="how-title">
        <Trans>How it works</Trans>
      </h2>
      <ol className="steps">
        <li>
          <Block
            entry={blocks.get('step-choose')}
            title={<Trans>Choose a mission</Trans>}
            body={<Trans>Games, drinks, events: every mission shows its reward.</Trans>}
          />
        </li>
        <li>
          <Block
            entry={blocks.get('step-share')}
            title={<Trans>Share your link</Trans>}
            body={<Trans>Put your tracked link in chat and the goal widget on stream.</Trans>}
          />
        </li>
        <li>
          <Block
            entry={blocks.get('step-earn')}
            title={<Trans>Get paid</Trans>}
            body={<Trans>Valid clicks and goals reached are credited to your wallet.</Trans>}
          />
        </li>
      </ol>
      <p>
        <SessionCta className="button" signedOut={<Trans>Create my free account</Trans>} />
      </p>
    </section>
  )
}

export function FeaturedMissions() {
  const { i18n } = useLingui()
  const { data, status } = useQuery(contentQueries.selection('featured', i18n.locale))
  return (
    <section id="missions" className="missions" aria-labelledby="missions-title">
      <h2 id="missions-title">
        <Trans>Featured missions</Trans>
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
          {data.items.map((mission) => (
            <li key={mission.code}>
              <MissionCard mission={mission} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

export function HelpLinks() {
  const { i18n } = useLingui()
  const { data } = useQuery(contentQueries.domain('faq', i18n.locale))
  return (
    <section className="help" aria-labelledby="help-title">
      <h2 id="help-title">
        <Trans>Questions?</Trans>
      </h2>
      <ul className="link-list">
        {(data?.items ?? []).slice(0, helpLinkCount).map((entry) => (
          <li key={entry.code}>
            <Link to="/faq/$code" params={{ code: entry.code }}>
              {entry.title}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/faq">
            <Trans>All questions and the contact form</Trans>
          </Link>
        </li>
      </ul>
    </section>
  )
}
