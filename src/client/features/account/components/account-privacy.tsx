import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type } from 'arktype'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  applyServerErrors,
  CurrentPasswordField,
  FormAlert,
  SubmitButton,
} from '#client/features/auth/form-kit.tsx'
import { isFetchError } from '#client/lib/fetch-error.ts'
import { arkResolver } from '#client/lib/forms/ark-resolver.ts'
import { signOut } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import type { User } from '#shared/contract/auth.ts'
import { requiredText } from '#shared/contract/common.ts'
import type { AccountDeletionRefusal } from '#shared/contract/privacy.ts'
import { fetchDataExport, postAccountDeletion } from '../api'

/** Each refusal says what to do before the account can go. */
const refusalMessages: Record<AccountDeletionRefusal, MessageDescriptor> = {
  'account.delete_payout_in_flight': msg`A payout is on its way to your bank account. Wait until it is paid, then delete your account.`,
  'account.delete_balance_held': msg`Some of your earnings are still on hold. Wait until they are available, request a payout of them, then delete your account.`,
  'account.delete_balance_available': msg`Money is left on your wallet. Request a payout of it on the wallet page first; if it is below the payout minimum, write to us through the contact form.`,
}

/** The refusals of a 409 answer, in words; empty for any other failure. */
function refusalsOf(i18n: I18n, error: unknown): string[] {
  if (!isFetchError(error) || error.statusCode !== 409) return []
  const keys = (error.data as { errors?: { errors?: string[] } } | undefined)?.errors?.errors ?? []
  return keys.flatMap((key) => {
    const descriptor = refusalMessages[key as AccountDeletionRefusal]
    return descriptor ? [i18n._(descriptor)] : []
  })
}

/** Saves the user's data as a JSON file. */
function DataExportButton({ username }: { username: string }) {
  const { t } = useLingui()
  const [pending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      const data = await fetchDataExport(username)
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = `streamdeals-${username.toLowerCase()}-data.json`
      link.click()
      URL.revokeObjectURL(url)
    } catch {
      void notify('error', t`Your data could not be downloaded. Please try again later.`)
    } finally {
      setPending(false)
    }
  }
  return (
    <button type="button" className="button" disabled={pending} onClick={() => void download()}>
      <Trans>Download my data (JSON)</Trans>
    </button>
  )
}

const DeletionSchema = type({ currentPassword: requiredText(1024) })

/** Deletes the account once the password is typed again; says what goes, what stays and why. */
function AccountDeletionForm({ username }: { username: string }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [refusals, setRefusals] = useState<string[]>([])
  const form = useForm<{ currentPassword: string }>({
    mode: 'onSubmit',
    resolver: arkResolver(DeletionSchema),
    defaultValues: { currentPassword: '' },
  })
  const submit = form.handleSubmit(async ({ currentPassword }) => {
    setPending(true)
    setRefusals([])
    try {
      const { kept } = await postAccountDeletion(username, currentPassword)
      signOut()
      void notify(
        'success',
        t`Your account is deleted. As French accounting law requires, we keep for ten years ${kept.invoices} invoice(s), ${kept.ledgerEntries} wallet entries and ${kept.payouts} payout(s), under a pseudonymous record that no longer names you.`,
      )
      void navigate({ to: '/' })
    } catch (error) {
      const reasons = refusalsOf(i18n, error)
      if (reasons.length > 0) setRefusals(reasons)
      else if (!applyServerErrors(form.setError, error)) {
        form.setError('root.server', { type: 'server', message: t`Something went wrong. Please try again.` })
      }
    } finally {
      setPending(false)
    }
  })
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Delete my account`}>
      <p>
        <Trans>
          Deleting your account erases your name, e-mail, picture, phone, identity, certification documents
          and connected Twitch account, stops your deals and their overlays, and signs you out everywhere.
        </Trans>
      </p>
      <p>
        <Trans>
          Your invoices, wallet entries and payouts are kept for ten years, as French accounting law requires,
          under a pseudonymous record that no longer names you. Download your data first if you want a copy.
        </Trans>
      </p>
      {refusals.map((message) => (
        <p key={message} className="form-error" role="alert">
          {message}
        </p>
      ))}
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <CurrentPasswordField form={form} label={t`Your password, to confirm`} />
      <SubmitButton pending={pending}>
        <Trans>Delete my account for good</Trans>
      </SubmitButton>
    </form>
  )
}

/** The account's data: a copy of all of it, and the account's deletion. */
export function AccountPrivacy({ user }: { user: User }) {
  return (
    <>
      <section className="card-section" aria-labelledby="data-export-heading">
        <h2 id="data-export-heading">
          <Trans>Your data</Trans>
        </h2>
        <p>
          <Trans>
            One file with everything we hold about you: profile, identity, bank accounts, deals and their
            events, wallet entries, payouts, invoices, devices and sessions.
          </Trans>
        </p>
        <DataExportButton username={user.username} />
      </section>
      <section className="card-section" aria-labelledby="account-deletion-heading">
        <h2 id="account-deletion-heading">
          <Trans>Delete my account</Trans>
        </h2>
        <AccountDeletionForm username={user.username} />
      </section>
    </>
  )
}
