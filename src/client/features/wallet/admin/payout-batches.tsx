import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { confirm } from '#client/lib/confirm.ts'
import { apiErrorKeys } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { PayoutBatch, PayoutBatchLine } from '#shared/contract/admin-review.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { payoutStatusLabels } from '../labels'
import { adminWalletQueries } from './admin-queries'
import { batchFileLink, createPayoutBatch, markBatchLine } from './api'

/**
 * The SEPA rail under the Payouts tab: pick pending payouts, make a batch, download its file for the
 * bank, then mark each line paid or failed as the bank reports it (the streamer is told each time).
 */
export function PayoutBatches() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const pending = useQuery(adminWalletQueries.payouts('pending'))
  const batches = useQuery(adminWalletQueries.batches())
  const ready = (pending.data?.items ?? []).filter((item) => item.batchId === null)
  const [picked, setPicked] = useState<string[]>([])
  const chosen = picked.filter((id) => ready.some((item) => item.id === id))
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminWalletQueries.payoutQueues() })

  const create = async () => {
    try {
      const batch = await createPayoutBatch(chosen)
      setPicked([])
      void notify('success', t`Batch ${batch.messageId} is ready: download its file for the bank.`)
    } catch (caught) {
      const taken = apiErrorKeys(caught).includes('payout.already_batched')
      void notify(
        'error',
        taken ? t`A payout was already put in a batch: the list is refreshed.` : t`The batch was not made.`,
      )
    }
    void refresh()
  }

  return (
    <section aria-labelledby="admin-batches-title" className="payout-batches">
      <h2 id="admin-batches-title">
        <Trans>SEPA batches</Trans>
      </h2>
      {ready.length === 0 ? (
        <p className="muted">
          <Trans>No pending payout is waiting for a batch.</Trans>
        </p>
      ) : (
        <fieldset className="batch-picker">
          <legend>
            <Trans>Pending payouts to put in a batch</Trans>
          </legend>
          {ready.map((item) => (
            <label key={item.id} className="batch-choice">
              <input
                type="checkbox"
                checked={chosen.includes(item.id)}
                onChange={(event) =>
                  setPicked((ids) =>
                    event.target.checked ? [...ids, item.id] : ids.filter((id) => id !== item.id),
                  )
                }
              />{' '}
              <strong>{formatMoney(item.amount)}</strong> · {item.username} · {item.holderName}{' '}
              <span className="mono">{item.ibanMasked}</span>
            </label>
          ))}
          <button type="button" className="button" disabled={chosen.length === 0} onClick={create}>
            <Trans>Create a SEPA batch ({chosen.length})</Trans>
          </button>
        </fieldset>
      )}
      <ul className="admin-list">
        {(batches.data?.items ?? []).map((batch) => (
          <BatchRow key={batch.id} batch={batch} onChange={refresh} />
        ))}
      </ul>
    </section>
  )
}

function BatchRow({ batch, onChange }: { batch: PayoutBatch; onChange: () => void }) {
  const { t } = useLingui()
  return (
    <li data-testid="payout-batch" className="batch-row">
      <div>
        <strong className="mono">{batch.messageId}</strong> · {formatMoney(batch.total)} ·{' '}
        <span className="muted">
          {formatDate(batch.createdAt)}
          {batch.createdBy ? ` · ${batch.createdBy}` : ''}
        </span>
      </div>
      <a className="button button-ghost" href={batchFileLink(batch.id)} download>
        <Trans>Download the SEPA file</Trans>
      </a>
      <ul className="batch-lines" aria-label={t`Lines of ${batch.messageId}`}>
        {batch.lines.map((line) => (
          <BatchLine key={line.payoutId} batchId={batch.id} line={line} onChange={onChange} />
        ))}
      </ul>
    </li>
  )
}

function BatchLine({
  batchId,
  line,
  onChange,
}: {
  batchId: string
  line: PayoutBatchLine
  onChange: () => void
}) {
  const { t, i18n } = useLingui()
  const mark = async (status: 'paid' | 'failed') => {
    const confirmed = await confirm({
      title: status === 'paid' ? t`Mark this line as paid?` : t`Mark this line as failed?`,
      message:
        status === 'paid'
          ? t`${formatMoney(line.amount)} to ${line.holderName}; ${line.username} is told.`
          : t`${formatMoney(line.amount)} goes back to ${line.username}’s balance; they are told.`,
      confirmLabel: status === 'paid' ? t`Mark paid` : t`Mark failed`,
      danger: status === 'failed',
    })
    if (!confirmed) return
    try {
      await markBatchLine(batchId, line.payoutId, status)
    } catch {
      void notify('error', t`This line was already settled: the list is refreshed.`)
    }
    onChange()
  }
  return (
    <li>
      <span>
        {formatMoney(line.amount)} · {line.username} · <span className="mono">{line.ibanMasked}</span>
      </span>
      {line.status === 'pending' ? (
        <span className="admin-actions">
          <button type="button" className="button" onClick={() => mark('paid')}>
            <Trans>Mark paid</Trans>
          </button>
          <button type="button" className="button button-danger" onClick={() => mark('failed')}>
            <Trans>Mark failed</Trans>
          </button>
        </span>
      ) : (
        <span className={`status status-${line.status}`}>{i18n._(payoutStatusLabels[line.status])}</span>
      )}
    </li>
  )
}
