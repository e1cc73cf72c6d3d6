import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { ContentBody } from '#client/features/content/components/content-body.tsx'
import { headOf } from '#client/features/content/page-head.ts'
import { contentQueries } from '#client/features/content/queries.ts'
import { currentLocale } from '#client/lib/i18n.ts'

// 160 characters: about what a search result shows of a description.
const descriptionLength = 160

export const Route = createFileRoute('/_default/faq/$code')({
  loader: async ({ context: { queryClient }, params }) => {
    const faq = await queryClient.ensureQueryData(contentQueries.domain('faq', currentLocale()))
    const entry = faq.items.find((item) => item.code === params.code)
    if (!entry) throw notFound()
    return { title: entry.title, description: entry.body.replace(/\s+/g, ' ').slice(0, descriptionLength) }
  },
  head: ({ loaderData }) =>
    headOf(loaderData?.title ?? t`Frequently asked questions`, loaderData?.description ?? ''),
  component: FaqEntryPage,
})

function FaqEntryPage() {
  const { code } = Route.useParams()
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(contentQueries.domain('faq', i18n.locale))
  const entry = data.items.find((item) => item.code === code)
  const related = data.items.filter((item) => item.code !== code && item.topic === entry?.topic)
  return (
    <article className="prose">
      <p>
        <Link to="/faq">
          <Trans>← All questions</Trans>
        </Link>
      </p>
      {entry?.topic ? <p className="muted">{entry.topic}</p> : null}
      <h1>{entry?.title ?? code}</h1>
      {entry ? <ContentBody entry={entry} /> : null}
      {related.length > 0 ? (
        <aside aria-labelledby="related-title">
          <h2 id="related-title">
            <Trans>Related questions</Trans>
          </h2>
          <ul className="link-list">
            {related.map((item) => (
              <li key={item.code}>
                <Link to="/faq/$code" params={{ code: item.code }}>
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  )
}
