import { queryOptions } from '@tanstack/react-query'
import { request } from '#client/lib/http.ts'
import type { AdminKycItem, AdminPayoutItem } from '#shared/contract/admin.ts'
import type { List } from '#shared/contract/common.ts'

export type KycQueueItem = AdminKycItem & { walletKind: string; holderName: string | null }
export type PayoutQueueItem = AdminPayoutItem & { holderName: string; ibanMasked: string; updatedAt: string }

/** Admin queues; under 'admin', a root the persister never keeps (admin data stays off the device). */
export const adminWalletQueries = {
  kyc: (status: string) =>
    queryOptions({
      queryKey: ['admin', 'kyc', status] as const,
      queryFn: ({ signal }) =>
        request<List<KycQueueItem>, 'adminKyc'>('adminKyc', { query: { status }, signal }),
    }),
  payouts: (status: string) =>
    queryOptions({
      queryKey: ['admin', 'payouts', status] as const,
      queryFn: ({ signal }) =>
        request<List<PayoutQueueItem>, 'adminPayouts'>('adminPayouts', { query: { status }, signal }),
    }),
}
