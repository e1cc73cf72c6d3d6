import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LoadingStatus } from '#client/components/ui/loading-status.tsx'
import { formatLocalDateTime } from '#shared/format-date.ts'
import { adminContentQueries } from './admin-queries'

/** Admin tab: messages sent through the contact form, newest first. */
export function ContactMessagesTab() {
  const { data, status } = useQuery(adminContentQueries.messages())
  if (status === 'pending') return <LoadingStatus />
  if (status === 'error') {
    return (
      <p role="alert">
        <Trans>The messages could not be loaded.</Trans>
      </p>
    )
  }
  if (data.items.length === 0) {
    return (
      <p className="muted">
        <Trans>No messages yet.</Trans>
      </p>
    )
  }
  return (
    <ul className="admin-list">
      {data.items.map((message) => (
        <li key={message.id} className="card">
          <h3>{message.subject}</h3>
          <p className="muted">
            {message.name} · <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
            {formatLocalDateTime(message.createdAt)}
          </p>
          <p className="preformatted">{message.message}</p>
        </li>
      ))}
    </ul>
  )
}
