import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { adminDealQueries, FormActions } from '#client/features/deals/admin-kit.ts'
import { notify } from '#client/lib/toast.ts'
import { formatMoney } from '#shared/format.ts'
import { EurosField, GeneralError, typedCents, useBrandForm } from '../components/form-parts'
import { postManualTopUp } from './api'

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
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    const cents = typedCents(amount)
    await postManualTopUp(code, cents, reason)
    await queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
    void notify('success', t`${formatMoney(cents)} added to the budget of “${title}”`)
    onDone()
  })
  return (
    <form
      className="form admin-form inline-admin-form"
      onSubmit={submit}
      aria-label={t`Manual top-up of “${title}”`}
    >
      <GeneralError message={errors.general} />
      <EurosField
        value={amount}
        onChange={setAmount}
        error={errors.errorFor('amount')}
        hint={(money) => t`${money} will be added.`}
      />
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
      <FormActions onCancel={onDone} pending={pending} submitLabel={<Trans>Record the top-up</Trans>} />
    </form>
  )
}
