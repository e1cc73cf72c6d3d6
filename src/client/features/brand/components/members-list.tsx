import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useCurrentUser } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandMember } from '#shared/contract/brand.ts'
import { formatDate } from '#shared/format-date.ts'
import { memberRoleLabels } from '../labels'
import { brandRefusal } from '../messages'
import { removeMember } from '../mutations'
import { brandQueries } from '../queries'
import { MemberInvite } from './member-invite'
import './brand-self-service.css'

/** Removes a member after a second click on the same button (no dialog to dismiss by mistake). */
function RemoveButton({ slug, member }: { slug: string; member: BrandMember }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [asked, setAsked] = useState(false)
  const [pending, setPending] = useState(false)
  const remove = async () => {
    if (!asked) return setAsked(true)
    setPending(true)
    try {
      await removeMember(queryClient, slug, member.userId)
      void notify('success', t`${member.username} no longer runs this brand.`)
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
      setAsked(false)
    } finally {
      setPending(false)
    }
  }
  return (
    <button type="button" className="button button-danger" onClick={remove} disabled={pending}>
      {asked ? <Trans>Confirm: remove {member.username}</Trans> : <Trans>Remove</Trans>}
    </button>
  )
}

/** Who runs the brand, with their role, and the invitations still waiting; owners invite and remove. */
export function MembersList({ slug }: { slug: string }) {
  const { i18n } = useLingui()
  const { data } = useSuspenseQuery(brandQueries.members(slug))
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  const { data: invitations } = useQuery(brandQueries.invitations(slug))
  // An admin who is not a member has no role and acts like an owner; the server checks it again.
  const canManage = provider.role !== 'member'
  const me = useCurrentUser()?.id
  return (
    <section className="brand-section" aria-labelledby="brand-members-title">
      <h2 id="brand-members-title">
        <Trans>Members</Trans>
      </h2>
      <ul className="brand-members" data-testid="brand-members">
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
            {canManage && member.userId !== me ? <RemoveButton slug={slug} member={member} /> : null}
          </li>
        ))}
      </ul>
      {invitations && invitations.items.length > 0 ? (
        <>
          <h3>
            <Trans>Invitations waiting</Trans>
          </h3>
          <ul className="brand-members" data-testid="brand-invitations">
            {invitations.items.map((invitation) => (
              <li key={invitation.email}>
                <span className="brand-member-name break-all">{invitation.email}</span>
                <span className={`status-badge status-badge-${invitation.role}`}>
                  {i18n._(memberRoleLabels[invitation.role])}
                </span>
                <span className="muted">
                  <Trans>Link valid until {formatDate(invitation.expiresAt)}</Trans>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canManage ? (
        <MemberInvite slug={slug} />
      ) : (
        <p className="field-hint">
          <Trans>Only the brand’s owners invite and remove members.</Trans>
        </p>
      )}
    </section>
  )
}
