import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { confirm } from '#client/lib/confirm.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { notify } from '#client/lib/toast.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { AdminDealItem } from '#shared/contract/admin.ts'
import type { DealState } from '#shared/contract/deals.ts'
import { DEAL_STATES } from '#shared/deal-values.ts'
import { formatMoney, shortenName } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { DealStateBadge } from '../components/deal-progress'
import { adminDealQueries, errorLines } from './admin-queries'
import { rejectDealEarnings, setAdminDealState } from './api'
import '../components/deals.css'
import './admin-form.css'

// 40 characters: the mission title fits one table cell on a laptop.
const TITLE_MAX = 40
// The server's limit on a rejection reason (EarningsRejectionBody).
const REASON_MAX = 500

/**
 * A flagged deal's "Reject pending earnings": a reason for the streamer, then a confirmation. The
 * server reverses only earnings still on hold; what already became available stays paid.
 */
// The contract's body checks the reason before anything is asked (arktype loads on the first submit).
const resolver = lazyArkResolver<{ reason: string }>(() =>
  import('#shared/contract/admin.ts').then((contract) => contract.EarningsRejectionBody),
)

function RejectEarnings({ deal }: { deal: AdminDealItem }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const form = useForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver,
    shouldFocusError: false,
  })
  const box = useRef<HTMLFormElement>(null)
  const state = fieldStates(form, (key) => validationMessage(i18n, key))
  const errors: Record<string, string> = {
    'deal.not_flagged': t`Only a deal flagged for review can have its pending earnings rejected.`,
    'deal.no_pending_earnings': t`This deal has no pending earnings left to reject.`,
  }
  const submit = form.handleSubmit(
    async ({ reason }) => {
      const pending = formatMoney(deal.pendingEarned)
      const confirmed = await confirm({
        title: t`Reject ${pending} of pending earnings on deal ${deal.code}?`,
        message: t`They are reversed in ${deal.username}’s wallet with your reason and will never be paid out. Earnings that are already available are not touched. This cannot be undone.`,
        confirmLabel: t`Reject earnings`,
        danger: true,
      })
      if (!confirmed) return
      try {
        const answer = await rejectDealEarnings(deal.code, reason.trim())
        const rejected = formatMoney(answer.rejected)
        void notify(
          'success',
          answer.alreadyAvailable.amount > 0
            ? t`${rejected} of pending earnings rejected; ${formatMoney(answer.alreadyAvailable)} already available was not touched.`
            : t`${rejected} of pending earnings rejected.`,
        )
        setOpen(false)
        form.reset()
        void queryClient.invalidateQueries({ queryKey: adminDealQueries.dealLists() })
      } catch (error) {
        void notify(
          'error',
          errorLines(error)
            .map((line) => errors[line] ?? validationMessage(i18n, line))
            .join(', '),
        )
      }
    },
    () => showFirstError(box.current),
  )
  if (!open) {
    return (
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        <Trans>Reject pending earnings</Trans>
      </button>
    )
  }
  const busy = form.formState.isSubmitting
  return (
    <form
      ref={box}
      className="admin-actions"
      onSubmit={submit}
      noValidate
      aria-label={t`Reason for rejecting the pending earnings of deal ${deal.code}`}
    >
      <Field label={t`Reason (shown to the streamer)`} error={state('reason').error}>
        {(control) => <input {...control} maxLength={REASON_MAX} {...form.register('reason')} />}
      </Field>
      <button type="submit" className="button button-danger" disabled={busy}>
        <Trans>Reject</Trans>
      </button>
      <button type="button" className="button button-ghost" disabled={busy} onClick={() => setOpen(false)}>
        <Trans>Cancel</Trans>
      </button>
    </form>
  )
}

/**
 * Admin tab: deals by state or search, with finishing or stopping an in-progress deal; deals flagged
 * for bought clicks show why, and their pending earnings can be rejected.
 */
export function DealsTab() {
  const { t } = useLingui()
  // Why the server flagged a deal; an unknown reason (a newer server) shows as sent.
  const flagReasonLabel = (reason: string | null) =>
    reason === 'click_burst' ? t`Unusual burst of clicks` : (reason ?? '')
  const queryClient = useQueryClient()
  const [state, setState] = useState<DealState | ''>('')
  const [q, setQ] = useState('')
  const [flagged, setFlagged] = useState(false)
  const { data } = useQuery(adminDealQueries.deals({ state, q, flagged }))
  const stateLabels: Record<DealState, string> = {
    inprogress: t`In progress`,
    finished: t`Completed`,
    stopped: t`Stopped`,
  }
  const change = async (deal: AdminDealItem, to: 'finished' | 'stopped') => {
    const confirmed = await confirm({
      title: to === 'finished' ? t`Mark deal ${deal.code} as completed?` : t`Stop deal ${deal.code}?`,
      message: t`The streamer is notified at once; a final state cannot be undone.`,
      danger: to === 'stopped',
    })
    if (!confirmed) return
    try {
      await setAdminDealState(deal.code, to)
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.dealLists() })
      void notify('success', t`Deal updated`)
    } catch (error) {
      void notify('error', errorLines(error).join(', '))
    }
  }
  return (
    <section>
      <div className="admin-filters">
        <label className="field">
          <Trans>State</Trans>
          <select value={state} onChange={(event) => setState(event.target.value as DealState | '')}>
            <option value="">{t`All`}</option>
            {DEAL_STATES.map((value) => (
              <option key={value} value={value}>
                {stateLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <Trans>Search (code, user, mission)</Trans>
          <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
        <label className="check-field">
          <input type="checkbox" checked={flagged} onChange={(event) => setFlagged(event.target.checked)} />
          <Trans>Flagged for review only</Trans>
        </label>
      </div>
      {data?.items.length === 0 ? (
        <EmptyState>
          <Trans>No deal matches these filters.</Trans>
        </EmptyState>
      ) : null}
      <ul className="admin-list">
        {data?.items.map((deal) => (
          <li key={deal.code}>
            <span>
              <strong>{deal.code}</strong> {deal.username} · {shortenName(deal.missionTitle, TITLE_MAX)} ·{' '}
              <span className="muted">
                <DealStateBadge state={deal.state} /> · {deal.progress}/{deal.goal} ·{' '}
                {formatMoney(deal.earned)} · {formatDate(deal.createdAt)}
                {deal.pendingEarned > 0 ? <> · {t`${formatMoney(deal.pendingEarned)} pending`}</> : null}
              </span>
              {deal.flaggedAt ? (
                <span className="muted" data-testid="deal-flag">
                  {' '}
                  <span className="deal-state deal-state-stopped">
                    <Trans>Flagged</Trans>
                  </span>{' '}
                  {t`on ${formatDate(deal.flaggedAt)}: ${flagReasonLabel(deal.flagReason)}`}
                </span>
              ) : null}
            </span>
            {deal.flaggedAt && deal.pendingEarned > 0 ? <RejectEarnings deal={deal} /> : null}
            {deal.state === 'inprogress' ? (
              <span className="admin-actions">
                <button
                  type="button"
                  className="button button-ghost"
                  onClick={() => change(deal, 'finished')}
                >
                  <Trans>Complete</Trans>
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => change(deal, 'stopped')}
                >
                  <Trans>Stop</Trans>
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
