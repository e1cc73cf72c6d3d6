import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { WebhookEventType } from '#shared/contract/brand-integrations.ts'

/** The webhook events as an owner picks them. */
export const webhookEventLabels: Record<WebhookEventType, MessageDescriptor> = {
  'deal.clicks_settled': msg`Clicks settled (one per batch, with count and amount)`,
  'deal.goal_reached': msg`Goal reached`,
  'deal.taken': msg`Mission taken by a streamer`,
  'deal.stopped': msg`Deal stopped`,
  'mission.budget_low': msg`Budget low (20 % left)`,
  'mission.budget_exhausted': msg`Budget exhausted`,
  'top_up.succeeded': msg`Top-up credited`,
  'top_up.refunded': msg`Top-up refunded`,
}

export const deliveryStatusLabels: Record<'pending' | 'delivered' | 'failed', MessageDescriptor> = {
  pending: msg`Retrying`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
}
