import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { apiErrorKeys } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { QueuedMission } from '#shared/contract/admin-review.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { adminDealQueries } from './admin-queries'
import { publishMission, rejectMission } from './api'

/**
 * Admin tab "Publication": the brands' drafts, oldest first. Publish is one click; "Reject with a
 * reason" opens a small form under the draft (the reason is required: the brand reads it).
 */
export function PublicationQueueTab() {
  const query = useQuery(adminDealQueries.queue())
  const items = query.data?.items ?? []
  return (
    <section aria-labelledby="admin-queue-title">
      <h2 id="admin-queue-title">
        <Trans>Drafts waiting for publication</Trans>
      </h2>
      {query.isPending ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {!query.isPending && items.length === 0 ? (
        <p className="muted">
          <Trans>No draft is waiting: every mission has been decided.</Trans>
        </p>
      ) : null}
      <ul className="admin-list">
        {items.map((item) => (
          <QueuedMissionRow key={item.code} item={item} />
        ))}
      </ul>
    </section>
  )
}

function QueuedMissionRow({ item }: { item: QueuedMission }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [rejecting, setRejecting] = useState(false)
  const [busy, setBusy] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
  const failed = (caught: unknown) => {
    const decided = apiErrorKeys(caught).includes('mission.already_decided')
    void notify(
      'error',
      decided ? t`Someone already decided on this mission.` : t`The decision was not saved.`,
    )
    void refresh()
  }
  const publish = async () => {
    setBusy(true)
    try {
      await publishMission(item.code)
      void notify('success', t`${item.title} is published; the brand was told.`)
      void refresh()
    } catch (caught) {
      failed(caught)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li data-testid="queued-mission">
      <div>
        <strong>{item.title}</strong> · {item.providerName}
        <br />
        <span className="muted">
          {item.rewardModel.toUpperCase()} {formatMoney(item.rewardAmount)} ·{' '}
          {item.budget === null ? t`no budget cap` : t`budget ${formatMoney(item.budget)}`} ·{' '}
          <Trans>sent {formatDate(item.createdAt)}</Trans>
        </span>
      </div>
      <div className="admin-actions">
        <button type="button" className="button" disabled={busy} onClick={publish}>
          <Trans>Publish</Trans>
        </button>
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={rejecting}
          onClick={() => setRejecting((open) => !open)}
        >
          <Trans>Reject with a reason</Trans>
        </button>
      </div>
      {rejecting ? <RejectForm item={item} onDone={() => setRejecting(false)} onFailed={failed} /> : null}
    </li>
  )
}

function RejectForm({
  item,
  onDone,
  onFailed,
}: {
  item: QueuedMission
  onDone: () => void
  onFailed: (caught: unknown) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } })
  const error = form.formState.errors.reason
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await rejectMission(item.code, reason.trim())
      void notify('success', t`${item.title} went back to the brand with your reason.`)
      onDone()
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
    } catch (caught) {
      onFailed(caught)
    }
  })
  return (
    <form className="reject-form" noValidate onSubmit={submit}>
      <Field
        label={<Trans>Reason the brand will read</Trans>}
        error={error ? t`Write the reason.` : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            {...form.register('reason', { validate: (value) => value.trim() !== '' })}
          />
        )}
      </Field>
      <button type="submit" className="button button-danger" disabled={form.formState.isSubmitting}>
        <Trans>Send back to the brand</Trans>
      </button>
    </form>
  )
}
