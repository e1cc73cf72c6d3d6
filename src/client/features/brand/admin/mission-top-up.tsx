import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { EuroField, euroCents, euroCheck } from '#client/components/ui/euro-field.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { adminDealQueries, FormActions } from '#client/features/deals/admin-kit.ts'
import { bodyResolver, lazyArkResolver, withChecks } from '#client/lib/forms/form-errors.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminMissionTopUpBody } from '#shared/contract/brand-top-ups.ts'
import { formatMoney } from '#shared/format.ts'
import { GeneralError, useBrandSubmit } from '../components/form-parts'
import { postManualTopUp } from './api'

/** 500, as the audit log keeps it. */
const REASON_MAX = 500

interface TopUpValues {
  /** Euros as typed. */
  amount: string
  reason: string
}

const topUpBody = (values: TopUpValues) => ({ amount: euroCents(values.amount), reason: values.reason })

// The contract's body checks the form before it is sent (arktype loads on the first submit); the
// amount is read in euros first, so its error says what was wrong with what was typed.
const resolver = withChecks(
  bodyResolver<TopUpValues, AdminMissionTopUpBody>(
    lazyArkResolver(() =>
      import('#shared/contract/brand-top-ups.ts').then((contract) => contract.AdminMissionTopUpBody),
    ),
    topUpBody,
  ),
  { amount: euroCheck() },
)

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
  const form = useForm<TopUpValues>({
    defaultValues: { amount: '', reason: '' },
    resolver,
    shouldFocusError: false,
  })
  const { submit, general, box, state, pending } = useBrandSubmit(form, async (values) => {
    const cents = euroCents(values.amount) ?? 0
    await postManualTopUp(code, cents, values.reason)
    await queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
    void notify('success', t`${formatMoney(cents)} added to the budget of “${title}”`)
    onDone()
  })
  return (
    <form
      ref={box}
      className="form admin-form inline-admin-form"
      onSubmit={submit}
      noValidate
      aria-label={t`Manual top-up of “${title}”`}
    >
      <GeneralError message={general} />
      <EuroField
        label={t`Amount in euros`}
        registration={form.register('amount')}
        value={form.watch('amount')}
        error={state('amount').error}
        hint={(money) => (money ? t`${money} will be added.` : undefined)}
      />
      <Field label={t`Reason (kept in the audit log)`} error={state('reason').error}>
        {(control) => <input {...control} maxLength={REASON_MAX} {...form.register('reason')} />}
      </Field>
      <FormActions onCancel={onDone} pending={pending} submitLabel={<Trans>Record the top-up</Trans>} />
    </form>
  )
}
