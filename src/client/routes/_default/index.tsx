import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NewsletterFormSlot } from '#client/features/content/components/lazy-forms.tsx'
import {
  type NewsletterAction,
  NewsletterLanding,
} from '#client/features/content/components/newsletter-landing.tsx'
import { headOf } from '#client/features/content/page-head.ts'
import { contentQueries } from '#client/features/content/queries.ts'
import { currentLocale } from '#client/lib/i18n.ts'
import { FeaturedMissions, HelpLinks, Hero, HowItWorks, Offers } from './-components/home-sections'

interface HomeSearch {
  newsletter?: string
  action?: NewsletterAction
}

export const Route = createFileRoute('/_default/')({
  // The newsletter e-mail's links land here (a search parameter, so the route table keeps its pages).
  validateSearch: (search: Record<string, unknown>): HomeSearch => ({
    newsletter: typeof search.newsletter === 'string' ? search.newsletter : undefined,
    action: search.action === 'confirm' || search.action === 'unsubscribe' ? search.action : undefined,
  }),
  loader: async ({ context: { queryClient } }) => {
    const locale = currentLocale()
    const loads = Promise.all([
      queryClient.prefetchQuery(contentQueries.selection('featured', locale)),
      queryClient.prefetchQuery(contentQueries.domain('home', locale)),
      queryClient.prefetchQuery(contentQueries.domain('faq', locale)),
    ])
    // The server waits so its HTML carries the missions; the browser paints at once and fills in.
    if (import.meta.env.SSR) await loads
  },
  head: () =>
    headOf(
      t`Paid missions for streamers`,
      t`Take paid missions from brands, share your tracked link, show a live goal widget on stream and get paid.`,
    ),
  component: HomePage,
})

function HomePage() {
  const { newsletter, action } = Route.useSearch()
  return (
    <>
      {newsletter && action ? <NewsletterLanding token={newsletter} action={action} /> : null}
      <Hero />
      <Offers />
      <FeaturedMissions />
      <HowItWorks />
      <HelpLinks />
      <section className="newsletter" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">
          <Trans>Get the new missions by e-mail</Trans>
        </h2>
        <p className="muted">
          <Trans>One e-mail when new missions open. Unsubscribe in one click.</Trans>
        </p>
        <NewsletterFormSlot />
      </section>
    </>
  )
}
