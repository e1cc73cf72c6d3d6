/**
 * The words for the deals feature's enums that have no component of their own (no raw
 * value on screen; deal states have DealStateBadge). Messages, so a map follows the active language.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MissionStatus, RewardModel } from '#shared/contract/deals.ts'
import type { INTEGRATION_TYPES, WIDGET_THEMES } from '#shared/deal-values.ts'

export const integrationTypeLabels: Record<(typeof INTEGRATION_TYPES)[number], MessageDescriptor> = {
  CUSTOM_CODE: msg`Creator code page (fixed link)`,
  MIXTE: msg`Link with the streamer’s name`,
  LINK: msg`Link template (%username%, %mission%…)`,
  WARGAMING: msg`Wargaming referral link`,
  SPIKE_LINK: msg`Spike link (deal and streamer)`,
}

export const widgetThemeLabels: Record<(typeof WIDGET_THEMES)[number], MessageDescriptor> = {
  default: msg`Default`,
  wargaming: msg`Wargaming (olive and brass)`,
  spike: msg`Spike (electric green)`,
  nova: msg`Nova (deep space)`,
  arcade: msg`Arcade (neon)`,
}

/** Mission statuses, as admins and brands see them (brands may pause theirs). */
export const missionStatusLabels: Record<MissionStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  published: msg`Published`,
  paused: msg`Paused`,
  closed: msg`Closed`,
}

export const rewardModelLabels: Record<RewardModel, MessageDescriptor> = {
  cpc: msg`Per valid click`,
  fixed: msg`Fixed, at the goal`,
}
