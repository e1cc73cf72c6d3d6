/**
 * How long until a mission starts or ends, for the preview's countdown. Pure functions (the clock is a
 * parameter), so the page, the take confirmation and their tests agree.
 */
import dayjs from 'dayjs'
import type { Mission } from '#shared/contract/deals.ts'

/** Whole days, hours and minutes until `end` (never negative); null once it has passed. */
export interface TimeLeft {
  days: number
  hours: number
  minutes: number
}

export function timeLeft(end: string | Date | null, now: Date | number = Date.now()): TimeLeft | null {
  if (end === null) return null
  const target = dayjs(end)
  if (!target.isValid()) return null
  const from = dayjs(now)
  if (!target.isAfter(from)) return null
  const days = target.diff(from, 'day')
  const hours = target.diff(from.add(days, 'day'), 'hour')
  const minutes = target.diff(from.add(days, 'day').add(hours, 'hour'), 'minute')
  return { days, hours, minutes }
}

/** Where a mission stands in time: not started yet, open, or over. */
export type MissionTiming = 'upcoming' | 'open' | 'ended'

export function missionTiming(
  mission: Pick<Mission, 'startsAt' | 'endsAt' | 'status'>,
  now: Date | number = Date.now(),
): MissionTiming {
  const at = dayjs(now)
  if (mission.status === 'closed') return 'ended'
  if (mission.endsAt && !dayjs(mission.endsAt).isAfter(at)) return 'ended'
  if (dayjs(mission.startsAt).isAfter(at)) return 'upcoming'
  return 'open'
}
