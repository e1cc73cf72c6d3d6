import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadingStatus } from '#client/components/ui/loading-status.tsx'
import { adminLink as absoluteLink } from '#client/lib/admin-http.ts'
import { isLocale, localeNames } from '#client/lib/i18n.ts'
import type { NEWSLETTER_STATUSES } from '#shared/contract/content.ts'
import { formatDate } from '#shared/format-date.ts'
import { adminContentQueries } from './admin-queries'

/** The words for a subscription's status (no raw value on screen). */
const newsletterStatusLabels: Record<(typeof NEWSLETTER_STATUSES)[number], MessageDescriptor> = {
  pending: msg`Waiting for confirmation`,
  confirmed: msg`Confirmed`,
  unsubscribed: msg`Unsubscribed`,
}

/** Admin tab: newsletter subscribers, with a CSV export. */
export function NewsletterTab() {
  const { i18n } = useLingui()
  const { data, status } = useQuery(adminContentQueries.subscribers())
  return (
    <div>
      <div className="toolbar">
        {/* A plain link: the browser downloads the file itself, the token travels in the query. */}
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
                <td>{isLocale(item.locale) ? localeNames[item.locale] : item.locale}</td>
                <td>{i18n._(newsletterStatusLabels[item.status])}</td>
                <td>{formatDate(item.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
