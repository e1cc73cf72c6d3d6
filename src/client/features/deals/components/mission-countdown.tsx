import { Plural, Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Mission } from '#shared/contract/deals.ts'
import { missionTiming, type TimeLeft, timeLeft } from '../mission-countdown'

// A minute: the countdown shows minutes at most.
const TICK_MS = 60_000

/** The current time, again every minute: countdowns move while the page stays open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

/** "3 days 4 h", "4 h 10 min", "10 min": the two largest parts of a time left. */
function DurationText({ left }: { left: TimeLeft }) {
  const { days, hours, minutes } = left
  if (days > 0)
    return (
      <Trans>
        <Plural value={days} one="# day" other="# days" /> {hours} h
      </Trans>
    )
  if (hours > 0)
    return (
      <Trans>
        {hours} h {minutes} min
      </Trans>
    )
  return <Trans>{Math.max(1, minutes)} min</Trans>
}

/** Where the mission stands in time, in words: starts in…, ends in…, no end date, or over. */
export function CountdownText({ mission, now }: { mission: Mission; now: number }) {
  const timing = missionTiming(mission, now)
  if (timing === 'ended') return <Trans>This mission is over</Trans>
  if (timing === 'upcoming') {
    const left = timeLeft(mission.startsAt, now)
    return left ? (
      <Trans>
        Starts in <DurationText left={left} />
      </Trans>
    ) : null
  }
  const left = timeLeft(mission.endsAt, now)
  if (!left) return <Trans>Open until further notice</Trans>
  return (
    <Trans>
      Ends in <DurationText left={left} />
    </Trans>
  )
}
