import { adminApi as api } from '#client/lib/admin-http.ts'
import type { MemberRole } from '#shared/contract/brand.ts'

/** What an admin does to a brand (approve it, invite a member, top a mission up), apart from the portal's api.ts. */

export function approveProvider(id: string) {
  return api('adminProviderApprove', { params: { id }, body: { status: 'approved' } })
}

export function inviteProviderMember(id: string, email: string, role: MemberRole) {
  return api('adminProviderMemberInvite', { params: { id }, body: { email, role } })
}

/** A manual top-up of `amount` cents, with the reason the audit log keeps. */
export function postManualTopUp(code: string, amount: number, reason: string) {
  return api('adminMissionTopUp', { params: { code }, body: { amount, reason } })
}

/** Every brand's top-up requests, waiting ones first. */
export function fetchTopUpRequests(signal?: AbortSignal) {
  return api('adminTopUpRequests', { signal })
}

/** Answers a request: `done` adds its amount to the mission's budget (once), `declined` adds nothing. */
export function putTopUpRequestDecision(id: string, status: 'done' | 'declined') {
  return api('adminTopUpRequestDecide', { params: { id }, body: { status } })
}
