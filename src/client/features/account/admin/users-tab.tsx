import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { formatDate } from '#shared/format-date.ts'
import { roleLabels } from '../labels'
import { adminAccountQueries } from './admin-queries'

/** Admin tab: accounts, searchable by username or e-mail. */
export function UsersTab() {
  const { t, i18n } = useLingui()
  const [search, setSearch] = useState('')
  const { data, status } = useQuery(adminAccountQueries.users(search.trim()))
  return (
    <div>
      <div className="field">
        <label htmlFor="admin-user-search">
          <Trans>Search by username or e-mail</Trans>
        </label>
        <input
          id="admin-user-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {status === 'error' ? (
        <p role="alert">
          <Trans>The accounts could not be loaded.</Trans>
        </p>
      ) : null}
      <table className="table">
        <caption className="visually-hidden">{t`Accounts`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Username`}</th>
            <th scope="col">{t`E-mail`}</th>
            <th scope="col">{t`Roles`}</th>
            <th scope="col">{t`Verified`}</th>
            <th scope="col">{t`Created`}</th>
          </tr>
        </thead>
        <tbody>
          {(data?.items ?? []).map((user) => (
            <tr key={user.id}>
              <td>
                <span className="user-cell">
                  <Avatar id={user.id} name={user.username} media={user.avatar} size={32} />
                  {user.username}
                </span>
              </td>
              <td>{user.email}</td>
              <td>{user.roles.map((role) => i18n._(roleLabels[role])).join(', ')}</td>
              <td>{user.emailVerified ? t`Yes` : t`No`}</td>
              <td>{formatDate(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The audit log's action codes in words; a code added later shows as it is until it has a label. */
function useAuditActionLabel(): (action: string) => string {
  const { t } = useLingui()
  const labels: Record<string, string> = {
    'admin.request': t`Admin page read`,
    'admin.denied': t`Admin access refused`,
    'content.create': t`Content created`,
    'content.update': t`Content edited`,
    'deal.earnings_rejection': t`Deal earnings rejected`,
    'deal.state': t`Deal state changed`,
    'kyc.review': t`Identity document reviewed`,
    'mission.create': t`Mission created`,
    'mission.update': t`Mission edited`,
    'newsletter.export': t`Newsletter list exported`,
    'payout.update': t`Payout updated`,
    'provider.create': t`Provider created`,
    'provider.update': t`Provider edited`,
    'wallet.adjustment': t`Wallet adjusted`,
  }
  return (action) => labels[action] ?? action
}

/** Admin tab: the audit log, newest first. */
export function AuditTab() {
  const { t } = useLingui()
  const actionLabel = useAuditActionLabel()
  const { data } = useQuery(adminAccountQueries.audit())
  return (
    <table className="table">
      <caption className="visually-hidden">{t`Audit log`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`When`}</th>
          <th scope="col">{t`Who`}</th>
          <th scope="col">{t`Action`}</th>
          <th scope="col">{t`Target`}</th>
        </tr>
      </thead>
      <tbody>
        {(data?.items ?? []).map((entry) => (
          <tr key={entry.id}>
            <td>{formatDate(entry.createdAt, 'DD/MM/YYYY HH:mm')}</td>
            <td>{entry.actor ?? t`system`}</td>
            <td title={entry.action}>{actionLabel(entry.action)}</td>
            <td>{entry.target}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
