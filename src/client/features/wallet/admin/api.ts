import { adminLink, adminApi as api } from '#client/lib/admin-http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'

/** The wallet admin screens' calls (the KYC and payout queues), apart from the feature's api.ts. */

export function fetchAdminKyc(status: string, signal?: AbortSignal) {
  return api('adminKyc', { query: { status }, signal })
}

export function fetchAdminPayouts(status: string, signal?: AbortSignal) {
  return api('adminPayouts', { query: { status }, signal })
}

export function reviewKycDocument(id: string, body: BodyInputOf<'adminKycReview'>) {
  return api('adminKycReview', { params: { id }, body })
}

export function setPayoutStatus(id: string, status: BodyInputOf<'adminPayoutUpdate'>['status']) {
  return api('adminPayoutUpdate', { params: { id }, body: { status } })
}

/** SEPA payout batches, newest first, with their lines. */
export function fetchPayoutBatches(signal?: AbortSignal) {
  return api('adminPayoutBatches', { signal })
}

export function createPayoutBatch(payoutIds: string[]) {
  return api('adminPayoutBatchCreate', { body: { payoutIds } })
}

export function markBatchLine(batchId: string, payoutId: string, status: 'paid' | 'failed') {
  return api('adminPayoutBatchLine', { params: { id: batchId, payoutId }, body: { status } })
}

/** The batch's SEPA file: a link the browser downloads itself. */
export const batchFileLink = (batchId: string) => adminLink('adminPayoutBatchFile', { id: batchId })
