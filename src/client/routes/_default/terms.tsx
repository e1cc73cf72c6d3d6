import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { contentQueries } from '../../features/content/queries'
import { currentLocale } from '../../lib/i18n'

export const Route = createFileRoute('/_default/terms')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(contentQueries.domain('terms', currentLocale())),
  component: TermsPage,
})

function TermsPage() {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(contentQueries.domain('terms', i18n.locale))
  return (
    <article className="prose">
      <h1>
        <Trans>Terms of use</Trans>
      </h1>
      {data.items.map((entry) => (
        <section key={entry.code}>
          <h2>{entry.title}</h2>
          <div className="preformatted">{entry.body}</div>
        </section>
      ))}
    </article>
  )
}
