import { queryOptions } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'

/** Admin queues; under 'admin', a root the persister never keeps (admin data stays off the device). */
export const adminWalletQueries = {
  kycQueues: () => ['admin', 'kyc'] as const,
  kyc: (status: string) =>
    queryOptions({
      queryKey: [...adminWalletQueries.kycQueues(), status] as const,
      queryFn: ({ signal }) => api('adminKyc', { query: { status }, signal }),
    }),
  payoutQueues: () => ['admin', 'payouts'] as const,
  payouts: (status: string) =>
    queryOptions({
      queryKey: [...adminWalletQueries.payoutQueues(), status] as const,
      queryFn: ({ signal }) => api('adminPayouts', { query: { status }, signal }),
    }),
}
