import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { apiErrorKeys } from '#client/lib/http.ts'

/**
 * The deal API's error keys (server: deal-steps.ts, deal-transitions.ts), each translated here once:
 * the take and stop buttons and the offline queue's "not sent" report all show these.
 */
const messages: Record<string, MessageDescriptor> = {
  'deal.mission_full': msg`This mission is full`,
  'deal.already_taken': msg`You already have this deal`,
  'deal.mission_closed': msg`This mission is over`,
  'deal.mission_ended': msg`This mission is over`,
  'deal.mission_paused': msg`This mission is paused for now`,
  'deal.mission_not_started': msg`This mission has not started yet`,
  'deal.not_in_progress': msg`This deal is no longer in progress`,
}

/** Why the server refused a deal change, in the user's words; undefined when no deal key says. */
export function dealRefusal(i18n: I18n, error: unknown): string | undefined {
  for (const key of apiErrorKeys(error)) {
    const descriptor = messages[key]
    if (descriptor) return i18n._(descriptor)
  }
  return undefined
}
