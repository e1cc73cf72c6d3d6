/**
 * The administration rows of the endpoint table (see endpoints.ts for what `access` means). Apart from
 * the other rows so that no page but /admin carries them: the admin screens' api modules register them
 * with the client when they load (client/lib/admin-http.ts). endpoints.ts joins them to the others.
 */
import type { EndpointDefinition } from './endpoint-rows'

export const adminEndpoints = {
  adminUsers: { method: 'GET', path: '/api/admin/users', access: 'admin' },
  adminIntegrations: { method: 'GET', path: '/api/admin/integrations', access: 'admin' },
  adminKyc: { method: 'GET', path: '/api/admin/kyc', access: 'admin' },
  adminKycReview: { method: 'PUT', path: '/api/admin/kyc/{id}', access: 'admin' },
  adminPayouts: { method: 'GET', path: '/api/admin/payouts', access: 'admin' },
  adminPayoutUpdate: { method: 'PUT', path: '/api/admin/payouts/{id}', access: 'admin' },
  adminWalletAdjustment: {
    method: 'POST',
    path: '/api/admin/wallets/{username}/adjustments',
    access: 'admin',
  },
  adminDeals: { method: 'GET', path: '/api/admin/deals', access: 'admin' },
  adminDealState: { method: 'PUT', path: '/api/admin/deals/{code}/state', access: 'admin' },
  // A flagged deal's pending earnings, rejected and reversed before they can be paid out.
  adminDealEarningsRejection: {
    method: 'POST',
    path: '/api/admin/deals/{code}/earnings/rejection',
    access: 'admin',
  },
  adminProviders: { method: 'GET', path: '/api/admin/providers', access: 'admin' },
  adminProviderCreate: { method: 'POST', path: '/api/admin/providers', access: 'admin' },
  adminProviderUpdate: { method: 'PUT', path: '/api/admin/providers/{id}', access: 'admin' },
  adminProviderMemberInvite: { method: 'POST', path: '/api/admin/providers/{id}/members', access: 'admin' },
  adminProviderApprove: { method: 'PUT', path: '/api/admin/providers/{id}/approval', access: 'admin' },
  adminMissions: { method: 'GET', path: '/api/admin/missions', access: 'admin' },
  adminMissionCreate: { method: 'POST', path: '/api/admin/missions', access: 'admin' },
  adminMissionUpdate: { method: 'PUT', path: '/api/admin/missions/{code}', access: 'admin' },
  adminMissionTopUp: { method: 'POST', path: '/api/admin/missions/{code}/top-ups', access: 'admin' },
  adminContent: { method: 'GET', path: '/api/admin/content', access: 'admin' },
  adminContentUpdate: { method: 'PUT', path: '/api/admin/content/{id}', access: 'admin' },
  adminNewsletter: { method: 'GET', path: '/api/admin/newsletter', access: 'admin' },
  adminNewsletterExport: { method: 'GET', path: '/api/admin/newsletter/export', access: 'admin' },
  adminContactMessages: { method: 'GET', path: '/api/admin/contact', access: 'admin' },
  adminAudit: { method: 'GET', path: '/api/admin/audit', access: 'admin' },
  // Publication queue: draft missions, published or sent back to their brand with a reason.
  adminMissionQueue: { method: 'GET', path: '/api/admin/mission-queue', access: 'admin' },
  adminMissionPublish: {
    method: 'POST',
    path: '/api/admin/mission-queue/{code}/publication',
    access: 'admin',
  },
  adminMissionReject: { method: 'POST', path: '/api/admin/mission-queue/{code}/rejection', access: 'admin' },
  // Payout batches: pending payouts leave in a SEPA credit-transfer file, then each line is settled.
  adminPayoutBatches: { method: 'GET', path: '/api/admin/payout-batches', access: 'admin' },
  adminPayoutBatchCreate: { method: 'POST', path: '/api/admin/payout-batches', access: 'admin' },
  adminPayoutBatchFile: { method: 'GET', path: '/api/admin/payout-batches/{id}/file', access: 'admin' },
  adminPayoutBatchLine: {
    method: 'PUT',
    path: '/api/admin/payout-batches/{id}/payouts/{payoutId}',
    access: 'admin',
  },
  // Top-up requests from brands without card payments: answered done (credited once) or declined.
  adminTopUpRequests: { method: 'GET', path: '/api/admin/top-up-requests', access: 'admin' },
  adminTopUpRequestDecide: { method: 'PUT', path: '/api/admin/top-up-requests/{id}', access: 'admin' },
} as const satisfies Record<string, EndpointDefinition>
