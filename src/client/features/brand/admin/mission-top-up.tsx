import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { adminDealQueries } from '#client/features/deals/admin/admin-queries.ts'
import { api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import { formatMoney } from '#shared/format.ts'
import { useBrandFormErrors } from '../messages'
import { eurosToCents } from '../money-input'

/**
 * An admin records a manual top-up of a mission's budget (a bank transfer received, a goodwill
 * credit), with the reason the audit log keeps; the brand sees the budget grow at once.
 */
export function ManualTopUpForm({
  code,
  title,
  onDone,
}: {
  code: string
  title: string
  onDone: () => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [pending, setPending] = useState(false)
  const errors = useBrandFormErrors()
  const cents = eurosToCents(amount)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    errors.clear()
    try {
      await api('adminMissionTopUp', { params: { code }, body: { amount: cents, reason } })
      await queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      void notify('success', t`${formatMoney(cents)} added to the budget of “${title}”`)
      onDone()
    } catch (error) {
      errors.fail(error)
    } finally {
      setPending(false)
    }
  }
  return (
    <form
      className="form admin-form inline-admin-form"
      onSubmit={submit}
      aria-label={t`Manual top-up of “${title}”`}
    >
      {errors.general ? (
        <p className="form-alert" role="alert">
          {errors.general}
        </p>
      ) : null}
      <Field
        label={t`Amount in euros`}
        error={errors.errorFor('amount')}
        hint={Number.isFinite(cents) && cents > 0 ? t`${formatMoney(cents)} will be added.` : undefined}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        )}
      </Field>
      <Field label={t`Reason (kept in the audit log)`} error={errors.errorFor('reason')}>
        {(control) => (
          <input
            {...control}
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Record the top-up</Trans>
        </button>
      </div>
    </form>
  )
}
