import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { contentQueries } from '../../../features/content/queries'
import { currentLocale } from '../../../lib/i18n'

export const Route = createFileRoute('/_default/faq/$code')({
  loader: async ({ context: { queryClient }, params }) => {
    const faq = await queryClient.ensureQueryData(contentQueries.domain('faq', currentLocale()))
    if (!faq.items.some((entry) => entry.code === params.code)) throw notFound()
  },
  component: FaqEntryPage,
})

function FaqEntryPage() {
  const { code } = Route.useParams()
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(contentQueries.domain('faq', i18n.locale))
  const entry = data.items.find((item) => item.code === code)
  return (
    <article className="prose">
      <p>
        <Link to="/faq">
          <Trans>← All questions</Trans>
        </Link>
      </p>
      <h1>{entry?.title ?? code}</h1>
      {/* Markdown rendering comes with the content issue; plain text keeps the body readable now. */}
      <div className="preformatted">{entry?.body}</div>
    </article>
  )
}
