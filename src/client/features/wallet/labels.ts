/**
 * The words for the wallet's enums, one map per enum (no raw value on screen). Messages,
 * not strings, so a module-level map follows the active language: `i18n._(kycKindLabels[kind])`.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { KycKind, KycStatus, PayoutStatus } from '#shared/contract/wallet.ts'

export const kycKindLabels: Record<KycKind, MessageDescriptor> = {
  identity: msg`Identity document`,
  proof_of_address: msg`Proof of address`,
  company_registration: msg`Company registration`,
}

export const kycStatusLabels: Record<KycStatus, MessageDescriptor> = {
  pending: msg`Waiting for review`,
  verified: msg`Verified`,
  rejected: msg`Rejected`,
}

export const payoutStatusLabels: Record<PayoutStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  paid: msg`Paid`,
  failed: msg`Failed`,
}

/** A value's label from one of these maps; a value the map does not know (a newer server) as it is. */
export function labelOf<K extends string>(
  i18n: I18n,
  labels: Record<K, MessageDescriptor>,
  value: string,
): string {
  return Object.hasOwn(labels, value) ? i18n._(labels[value as K]) : value
}
