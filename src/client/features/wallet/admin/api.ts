import { adminApi as api } from '#client/lib/admin-http.ts'
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
