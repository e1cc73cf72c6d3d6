import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadingStatus } from '#client/components/ui/loading-status.tsx'
import { absoluteLink } from '#client/lib/http.ts'
import { adminContentQueries } from './admin-queries'

/** Admin tab: newsletter subscribers, with a CSV export. */
export function NewsletterTab() {
  const { i18n } = useLingui()
  const { data, status } = useQuery(adminContentQueries.subscribers())
  return (
    <div>
      <div className="toolbar">
        {/* A plain link: the browser downloads the file itself, the token travels in the query (SPEC §7). */}
        <a
          className="button"
          href={absoluteLink('adminNewsletterExport')}
          download="newsletter-subscribers.csv"
        >
          <Trans>Export as CSV</Trans>
        </a>
      </div>
      {status === 'pending' ? <LoadingStatus /> : null}
      {data && data.items.length === 0 ? (
        <p className="muted">
          <Trans>No subscribers yet.</Trans>
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>E-mail</Trans>
              </th>
              <th scope="col">
                <Trans>Language</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Subscribed on</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{item.email}</td>
                <td>{item.locale}</td>
                <td>{item.status}</td>
                <td>{i18n.date(item.createdAt, { dateStyle: 'medium' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
