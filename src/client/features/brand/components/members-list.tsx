import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate } from '#shared/format-date.ts'
import { memberRoleLabels } from '../labels'
import { brandQueries } from '../queries'

/** Who runs the brand, with their role; an administrator invites new members. */
export function MembersList({ slug }: { slug: string }) {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(brandQueries.members(slug))
  return (
    <section className="brand-section" aria-labelledby="brand-members-title">
      <h2 id="brand-members-title">
        <Trans>Members</Trans>
      </h2>
      {data.items.length === 0 ? (
        <p className="muted">
          <Trans>No member yet.</Trans>
        </p>
      ) : null}
      <ul className="brand-members">
        {data.items.map((member) => (
          <li key={member.userId}>
            <span className="brand-member-name">
              <strong>{member.username}</strong>
              <span className="muted break-all">{member.email}</span>
            </span>
            <span className={`status-badge status-badge-${member.role}`}>
              {i18n._(memberRoleLabels[member.role])}
            </span>
            <span className="muted">
              <Trans>Since {formatDate(member.createdAt)}</Trans>
            </span>
          </li>
        ))}
      </ul>
      <p className="field-hint">
        <Trans>To add a colleague, ask an administrator: they send an invitation by e-mail.</Trans>
      </p>
    </section>
  )
}
