import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { EuroField, euroCents, euroRule } from '#client/components/ui/euro-field.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { notify } from '#client/lib/toast.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { topUpRequestStatusLabels } from '../labels'
import { brandRefusal, missionFieldMessage } from '../messages'
import { requestTopUp } from '../mutations'
import { brandQueries } from '../queries'
import { GeneralError } from './form-parts'
import './brand-self-service.css'

/** 500, as the server keeps it. */
const NOTE_MAX = 500

/**
 * Without card payments: the brand asks the admins to top the budget up (they are mailed, and answer
 * it in their view), and sees each request's state here: requested, done or declined.
 */
export function TopUpRequest({ slug, code }: { slug: string; code: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data } = useQuery(brandQueries.topUpRequests(slug, code))
  const form = useForm<{ amount: string; note: string }>({ defaultValues: { amount: '', note: '' } })
  const { errors, isSubmitting } = form.formState
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const submit = form.handleSubmit(
    async ({ amount, note }) => {
      setGeneral(null)
      const cents = euroCents(amount) ?? 0
      try {
        await requestTopUp(queryClient, slug, code, cents, note.trim())
        form.reset()
        void notify('success', t`Top-up of ${formatMoney(cents)} requested: the administrators are told.`)
      } catch (error) {
        const keys = (error as { data?: { errors?: { children?: Record<string, { errors?: string[] }> } } })
          .data?.errors?.children
        const amountKey = keys?.amount?.errors?.[0]
        if (amountKey) form.setError('amount', { message: missionFieldMessage(i18n, amountKey) })
        else setGeneral(brandRefusal(i18n, error))
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  return (
    <div className="top-up-request">
      <p className="brand-notice" data-testid="manual-top-up-note">
        <Trans>
          Card payments are not switched on for this platform. Ask for a top-up here: the administrators are
          told at once, and the budget grows as soon as one of them records it.
        </Trans>
      </p>
      <form
        ref={box}
        className="form top-up-form"
        onSubmit={submit}
        noValidate
        aria-label={t`Request a top-up`}
      >
        <GeneralError message={general} />
        <EuroField
          label={t`Amount in euros`}
          registration={form.register('amount', { validate: euroRule(i18n) })}
          value={form.watch('amount')}
          error={errors.amount?.message}
          hint={(money) => (money ? t`${money} will be requested.` : undefined)}
        />
        <Field label={t`Note for the administrators (optional)`} error={errors.note?.message}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              {...form.register('note', {
                maxLength: { value: NOTE_MAX, message: t`At most ${NOTE_MAX} characters.` },
              })}
            />
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
            <Trans>Request a top-up</Trans>
          </button>
        </div>
      </form>
      {data && data.items.length > 0 ? (
        <>
          <h3>
            <Trans>Requests</Trans>
          </h3>
          <ul className="top-up-list" data-testid="top-up-requests">
            {data.items.map((request) => (
              <li key={request.id}>
                <span>{formatDate(request.createdAt)}</span>
                <strong>{formatMoney(request.amount)}</strong>
                <span className="muted break-all">{request.note}</span>
                <span className={`status-badge status-badge-request-${request.status}`}>
                  {i18n._(topUpRequestStatusLabels[request.status])}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
