import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isFetchError } from '#client/lib/fetch-error.ts'
import { apiErrorKeys } from '#client/lib/http.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'

/** The slug is made from the brand's name: the member reads a taken slug as the name being taken. */
const nameTaken = msg`A brand with this name already exists. Choose another name.`

/**
 * The brand API's refusals in the member's words. Field errors show under their fields
 * (`missionFieldMessage`); what concerns the whole form shows above it, never as the server wrote it.
 */
const refusals: Record<string, MessageDescriptor> = {
  payments_off: msg`Card top-ups are switched off on this server: an administrator records top-ups by hand.`,
  'provider.slug_taken': nameTaken,
  'mission.code_taken': msg`This code is already used by another mission.`,
  'mission.not_draft': msg`This mission is no longer a draft: only an administrator can change it now.`,
  'email.unverified': msg`Confirm your e-mail address first: open the link we mailed you (your account page can send a new one), then apply.`,
  'member.last_owner': msg`A brand keeps at least one owner: make someone else an owner first.`,
  'mission.no_budget': msg`This mission has no budget cap, so there is nothing to top up.`,
  'deal.mission_closed': msg`This mission is closed: it takes no more budget.`,
  'provider.pending': msg`Your brand is waiting for an administrator’s approval: you can draft missions once it is approved.`,
}

const byStatus: Record<number, MessageDescriptor> = {
  403: msg`Your role in this brand does not allow this change. Ask its owner.`,
  404: msg`This brand or mission was not found. It may have been removed.`,
  409: msg`This mission’s status does not allow this change any more. Reload the page to see it.`,
}

/** Why the server refused a brand change, in the member's words (a generic sentence when nothing says more). */
export function brandRefusal(i18n: I18n, error: unknown): string {
  for (const key of apiErrorKeys(error)) {
    const known = refusals[key]
    if (known) return i18n._(known)
  }
  const status = isFetchError(error) ? error.statusCode : undefined
  const known = status === undefined ? undefined : byStatus[status]
  return i18n._(known ?? msg`Something went wrong. Please try again.`)
}

/** Keys only the brand's forms get on a field; the rest are the shared validation keys. */
const fieldKeys: Record<string, MessageDescriptor> = {
  'mission.integration_not_allowed': msg`This kind of link belongs to another partner. Choose one of the kinds listed.`,
  'overview.from_after_to': msg`The first day must come before the last one.`,
  'overview.range_too_long': msg`Choose a range of a year at most.`,
  'provider.slug_taken': nameTaken,
}

/** A field's refusal in the member's words. */
export function missionFieldMessage(i18n: I18n, key: string): string {
  const known = fieldKeys[key]
  return known ? i18n._(known) : validationMessage(i18n, key)
}
