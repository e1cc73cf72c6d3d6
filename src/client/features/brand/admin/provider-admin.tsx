import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { adminDealQueries, FormActions } from '#client/features/deals/admin-kit.ts'
import { lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminProvider } from '#shared/contract/admin.ts'
import type { MemberRole } from '#shared/contract/brand.ts'
import { GeneralError, useBrandSubmit } from '../components/form-parts'
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

interface InviteValues {
  email: string
  role: MemberRole
}

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const inviteResolver = lazyArkResolver<InviteValues>(() =>
  import('#shared/contract/brand.ts').then((contract) => contract.AdminProviderMemberInviteBody),
)

/** Invites a member to a provider by e-mail: a link is mailed, and whoever holds that address joins with it. */
export function InviteMemberForm({ provider, onDone }: { provider: AdminProvider; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const form = useForm<InviteValues>({
    defaultValues: { email: '', role: 'member' },
    resolver: inviteResolver,
    shouldFocusError: false,
  })
  const { submit, general, box, state, pending } = useBrandSubmit(form, async ({ email, role }) => {
    await inviteProviderMember(provider.id, email, role)
    void notify('success', t`Invitation sent to ${email}: they join once they accept it from the mail.`)
    onDone()
  })
  return (
    <form
      ref={box}
      className="form admin-form inline-admin-form"
      onSubmit={submit}
      noValidate
      aria-label={t`Invite a member to ${provider.name}`}
    >
      <GeneralError message={general} />
      <Field label={t`E-mail`} error={state('email').error}>
        {(control) => <input {...control} type="email" autoComplete="off" {...form.register('email')} />}
      </Field>
      <Field label={t`Role`} error={state('role').error}>
        {(control) => (
          <select {...control} {...form.register('role')}>
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
