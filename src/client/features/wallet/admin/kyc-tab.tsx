import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { absoluteLink } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminKycItem } from '#shared/contract/admin.ts'
import { formatDate } from '#shared/format-date.ts'
import { kycKindLabels, kycStatusLabels, labelOf } from '../labels'
import { readError } from '../messages'
import { reviewKycDocument } from './api'
import '../wallet.css'
import { adminWalletQueries } from './admin-queries'

function ReviewRow({ item, onDone }: { item: AdminKycItem; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const review = async (status: 'verified' | 'rejected') => {
    if (status === 'rejected' && !reason.trim()) {
      void notify('error', t`Give the user a reason for the rejection.`)
      return
    }
    setBusy(true)
    try {
      await reviewKycDocument(item.id, status === 'rejected' ? { status, reason: reason.trim() } : { status })
      void notify('success', status === 'verified' ? t`Document verified.` : t`Document rejected.`)
      onDone()
    } catch (caught) {
      void notify('error', readError(i18n, caught, t`The review could not be saved.`).general[0] ?? '')
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="admin-row" data-testid="kyc-row">
      <div>
        <strong>{item.username}</strong> · {item.holderName ?? ''} · {labelOf(i18n, kycKindLabels, item.kind)}{' '}
        · <span className="muted">{formatDate(item.createdAt)}</span>
        <div>
          <a
            href={absoluteLink('walletKycDocument', { username: item.username, documentId: item.id })}
            download
          >
            <Trans>Download document</Trans>
          </a>
        </div>
      </div>
      {item.status === 'pending' ? (
        <div className="admin-actions">
          <input
            aria-label={t`Rejection reason for ${item.username}`}
            placeholder={t`Reason (for a rejection)`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="button" className="button" disabled={busy} onClick={() => review('verified')}>
            <Trans>Verify</Trans>
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() => review('rejected')}
          >
            <Trans>Reject</Trans>
          </button>
        </div>
      ) : (
        <span className="muted">
          {labelOf(i18n, kycStatusLabels, item.status)} {item.reason ?? ''}
        </span>
      )}
    </li>
  )
}

/** Admin tab "KYC": documents waiting for review, oldest first. */
export function KycTab() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [status, setStatus] = useState('pending')
  const query = useQuery(adminWalletQueries.kyc(status))
  const items = query.data?.items ?? []
  return (
    <section aria-labelledby="admin-kyc-title">
      <h2 id="admin-kyc-title">
        <Trans>Certification documents</Trans>
      </h2>
      <label className="inline-field">
        <Trans>Status</Trans>{' '}
        <select value={status} onChange={(event) => setStatus(event.target.value)} aria-label={t`Status`}>
          <option value="pending">{t`Pending`}</option>
          <option value="verified">{t`Verified`}</option>
          <option value="rejected">{t`Rejected`}</option>
        </select>
      </label>
      {query.isPending ? <p className="muted">{t`Loading…`}</p> : null}
      {!query.isPending && items.length === 0 ? <p className="muted">{t`Nothing to review.`}</p> : null}
      <ul className="wallet-list">
        {items.map((item) => (
          <ReviewRow
            key={item.id}
            item={item}
            onDone={() => void queryClient.invalidateQueries({ queryKey: adminWalletQueries.kycQueues() })}
          />
        ))}
      </ul>
    </section>
  )
}
