import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { validationMessage } from '#client/lib/validation-messages.ts'

/** Error keys the account endpoints send on top of the shared validation keys. */
const accountMessages: Record<string, MessageDescriptor> = {
  'sponsor.unknown': msg`No creator has this code.`,
  'password.current_invalid': msg`Your current password is not this one.`,
  'token.invalid': msg`This link is no longer valid. Ask for a new one.`,
  'twitch.refused': msg`Twitch refused the connection. Please try again.`,
  'phone.identity_managed': msg`Your phone is the one of your identity: change it with your identity.`,
}

/** The message for an error key: account keys first, then the shared validation table. */
export function errorMessage(i18n: I18n, key: string): string {
  const descriptor = accountMessages[key]
  return descriptor ? i18n._(descriptor) : validationMessage(i18n, key)
}
