import { queryOptions } from '@tanstack/react-query'
import { fetchAdminKyc, fetchAdminPayouts, fetchPayoutBatches } from './api'

/** Admin queues; under 'admin', a root the persister never keeps (admin data stays off the device). */
export const adminWalletQueries = {
  kycQueues: () => ['admin', 'kyc'] as const,
  kyc: (status: string) =>
    queryOptions({
      queryKey: [...adminWalletQueries.kycQueues(), status] as const,
      queryFn: ({ signal }) => fetchAdminKyc(status, signal),
    }),
  payoutQueues: () => ['admin', 'payouts'] as const,
  payouts: (status: string) =>
    queryOptions({
      queryKey: [...adminWalletQueries.payoutQueues(), status] as const,
      queryFn: ({ signal }) => fetchAdminPayouts(status, signal),
    }),
  batches: () =>
    queryOptions({
      queryKey: [...adminWalletQueries.payoutQueues(), 'batches'] as const,
      queryFn: ({ signal }) => fetchPayoutBatches(signal),
    }),
}
