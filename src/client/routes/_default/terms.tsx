import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentBody } from '#client/features/content/components/content-body.tsx'
import { headOf } from '#client/features/content/page-head.ts'
import { contentQueries } from '#client/features/content/queries.ts'
import { currentLocale } from '#client/lib/i18n.ts'
import { formatDate } from '#shared/format-date.ts'

export const Route = createFileRoute('/_default/terms')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(contentQueries.domain('terms', currentLocale())),
  head: () => headOf(t`Terms of use`, t`The terms of use of Streamdeals for streamers, brands and visitors.`),
  component: TermsPage,
})

function TermsPage() {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(contentQueries.domain('terms', i18n.locale))
  // ISO strings sort in time order: the last one is the latest change.
  const updatedAt =
    data.items
      .map((entry) => entry.updatedAt)
      .sort()
      .at(-1) ?? ''
  return (
    <article className="prose">
      <h1>
        <Trans>Terms of use</Trans>
      </h1>
      {updatedAt ? (
        <p className="muted">
          {/* The one date formatter, without Intl: building a DateTimeFormat with its time
              zone data was the longest task of this page's hydration on a mid-range phone. */}
          <Trans>Last updated: {formatDate(updatedAt)}</Trans>
        </p>
      ) : null}
      {data.items.map((entry) => (
        <section key={entry.code}>
          <h2>{entry.title}</h2>
          <ContentBody entry={entry} />
        </section>
      ))}
    </article>
  )
}
