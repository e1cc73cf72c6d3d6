/** The words for the account feature's enums (no raw value on screen). */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '#shared/contract/auth.ts'

export const roleLabels: Record<Role, MessageDescriptor> = {
  user: msg`Streamer`,
  admin: msg`Administrator`,
}
