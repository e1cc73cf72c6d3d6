import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { contentQueries } from '../../../features/content/queries'
import { currentLocale } from '../../../lib/i18n'

export const Route = createFileRoute('/_default/faq/')({
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(contentQueries.domain('faq', currentLocale())),
  component: FaqPage,
})

function FaqPage() {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(contentQueries.domain('faq', i18n.locale))
  return (
    <section>
      <h1>
        <Trans>Frequently asked questions</Trans>
      </h1>
      {data.items.length === 0 ? (
        <p className="muted">
          <Trans>No questions yet.</Trans>
        </p>
      ) : (
        <ul className="link-list">
          {data.items.map((entry) => (
            <li key={entry.code}>
              <Link to="/faq/$code" params={{ code: entry.code }}>
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
