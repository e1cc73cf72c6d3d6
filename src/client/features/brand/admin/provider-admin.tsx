import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { adminDealQueries, FormActions } from '#client/features/deals/admin-kit.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminProvider } from '#shared/contract/admin.ts'
import type { MemberRole } from '#shared/contract/brand.ts'
import { GeneralError, useBrandForm } from '../components/form-parts'
import { memberRoleLabels } from '../labels'
import { brandRefusal } from '../messages'
import { approveProvider, inviteProviderMember } from './api'
import '../components/brand.css'

/** Pending providers first (they wait for an admin), then by name as the server lists them. */
export function pendingFirst(providers: readonly AdminProvider[]): AdminProvider[] {
  return [...providers].sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'))
}

/** Approves a provider a brand applied for: its missions can then be published. */
export function ApproveButton({ provider }: { provider: AdminProvider }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const approve = async () => {
    setBusy(true)
    try {
      await approveProvider(provider.id)
      await queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      void notify('success', t`${provider.name} is approved`)
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={() => void approve()}
      aria-label={t`Approve ${provider.name}`}
    >
      <Trans>Approve</Trans>
    </button>
  )
}

/** Invites a member to a provider by e-mail: a link is mailed, and whoever holds that address joins with it. */
export function InviteMemberForm({ provider, onDone }: { provider: AdminProvider; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<MemberRole>('member')
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    await inviteProviderMember(provider.id, email, role)
    void notify('success', t`Invitation sent to ${email}: they join once they accept it from the mail.`)
    onDone()
  })
  return (
    <form
      className="form admin-form inline-admin-form"
      onSubmit={submit}
      aria-label={t`Invite a member to ${provider.name}`}
    >
      <GeneralError message={errors.general} />
      <Field label={t`E-mail`} error={errors.errorFor('email')}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label={t`Role`} error={errors.errorFor('role')}>
        {(control) => (
          <select {...control} value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
            {(['member', 'owner'] as const).map((value) => (
              <option key={value} value={value}>
                {i18n._(memberRoleLabels[value])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormActions onCancel={onDone} pending={pending} submitLabel={<Trans>Send the invitation</Trans>} />
    </form>
  )
}
