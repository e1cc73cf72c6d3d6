/**
 * The brand portal's words for its values (no raw value on screen): click reasons as a brand reads
 * them, member roles, provider statuses, top-up sources and statuses. Messages, so a map follows the
 * active language.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { IntegrationKind } from '#shared/brand-link-kinds.ts'
import type { BrandTopUp, MemberRole } from '#shared/contract/brand.ts'
import type { TopUpRequestStatus } from '#shared/contract/brand-portal.ts'
import type { ProviderStatus } from '#shared/contract/deals.ts'

/**
 * Why clicks were not counted (the server's reasons: deal-steps.ts ClickReason, and `mission_paused`),
 * from the brand's side: the streamer's own clicks, not "yours".
 */
const clickReasons: Record<string, MessageDescriptor> = {
  bot: msg`Automated visitor`,
  duplicate_visitor: msg`Same visitor within 24 hours`,
  deal_not_in_progress: msg`Deal no longer in progress`,
  mission_closed: msg`Mission closed`,
  mission_paused: msg`Mission paused`,
  mission_over_budget: msg`Budget spent`,
  owner: msg`The streamer’s own click`,
  rate_limited: msg`Too many clicks from one address`,
  address_daily_cap: msg`Daily limit of an address reached`,
  invalid_address: msg`No valid visitor address`,
}

/** A click reason in words; a reason this version does not know yet reads as "other reason". */
export function clickReasonLabel(i18n: I18n, reason: string): string {
  return i18n._(clickReasons[reason] ?? msg`Other reason`)
}

export const memberRoleLabels: Record<MemberRole, MessageDescriptor> = {
  owner: msg`Owner`,
  member: msg`Member`,
}

export const providerStatusLabels: Record<ProviderStatus, MessageDescriptor> = {
  pending: msg`Waiting for approval`,
  approved: msg`Approved`,
}

export const topUpSourceLabels: Record<'card' | 'manual', MessageDescriptor> = {
  card: msg`Card payment`,
  manual: msg`Recorded by an administrator`,
}

export const topUpStatusLabels: Record<BrandTopUp['status'], MessageDescriptor> = {
  pending: msg`Processing`,
  succeeded: msg`Added to the budget`,
  failed: msg`Failed`,
  refunded: msg`Refunded`,
  disputed: msg`Disputed by the card holder`,
}

/** The link kinds as a marketer reads them (the admin's names say how the template is filled). */
export const brandLinkKindLabels: Record<IntegrationKind, MessageDescriptor> = {
  MIXTE: msg`Link with the streamer’s name`,
  LINK: msg`Link with the streamer’s name and the deal code`,
  CUSTOM_CODE: msg`Creator code page (one address for everyone)`,
  WARGAMING: msg`Wargaming referral link`,
  SPIKE_LINK: msg`Spike link`,
}

export const topUpRequestStatusLabels: Record<TopUpRequestStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  done: msg`Done: added to the budget`,
  declined: msg`Declined`,
}
