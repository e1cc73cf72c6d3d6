/**
 * The click alerts waiting to be shown. An overlay runs for hours and clicks come in bursts: the queue
 * never holds more than a few alerts (a new one beyond that is merged into the last, "+12 clicks"),
 * and alerts shorten while others wait, so the overlay never falls behind the stream.
 */
import type { WidgetProgress, WidgetView } from '#shared/contract/deals.ts'

export interface ClickAlert {
  readonly id: number
  /** Valid clicks this alert stands for (0 for a goal reached by a fixed-reward deal). */
  readonly clicks: number
  /** What they earned, in cents. */
  readonly cents: number
  readonly progress: number
  readonly goal: number
  readonly goalReached: boolean
  /** A test alert from the tools page: shown, never counted. */
  readonly test: boolean
}

export type AlertInput = Omit<ClickAlert, 'id'>

/** Three waiting alerts at most: beyond that a burst reads better as one "+N clicks" alert. */
export const MAX_WAITING = 3
/** An alert with others behind it still stays readable this long. */
export const MIN_ALERT_MS = 1500

export class AlertQueue {
  private readonly waiting: ClickAlert[] = []
  private nextId = 1

  constructor(private readonly limit = MAX_WAITING) {}

  get size(): number {
    return this.waiting.length
  }

  push(input: AlertInput): void {
    const last = this.waiting.at(-1)
    if (last && this.waiting.length >= this.limit) {
      this.waiting[this.waiting.length - 1] = {
        id: last.id,
        clicks: last.clicks + input.clicks,
        cents: last.cents + input.cents,
        progress: Math.max(last.progress, input.progress),
        goal: input.goal,
        goalReached: last.goalReached || input.goalReached,
        test: last.test && input.test,
      }
      return
    }
    this.waiting.push({ ...input, id: this.nextId++ })
  }

  take(): ClickAlert | undefined {
    return this.waiting.shift()
  }

  clear(): void {
    this.waiting.length = 0
  }
}

/** How long the alert now showing stays: the full duration alone, shorter while others wait. */
export function alertDurationMs(durationSeconds: number, waiting: number): number {
  const full = durationSeconds * 1000
  return waiting === 0 ? full : Math.max(MIN_ALERT_MS, Math.round(full / (waiting + 1)))
}

/**
 * The alert a progress update calls for, against the last progress the overlay knew: one click per
 * step of progress (a batch of N settled clicks arrives as one jump of N), the goal when it was just
 * reached. An update without new progress (an invalid click, a stop) alerts nothing.
 */
export function alertFromProgress(
  known: { progress: number; state: WidgetView['state'] },
  update: WidgetProgress,
  reward: WidgetView['reward'],
): AlertInput | null {
  const clicks = Math.max(0, update.progress - known.progress)
  const goalReached = known.state !== 'finished' && update.state === 'finished'
  if (clicks === 0 && !goalReached) return null
  const cents =
    reward.model === 'cpc' ? clicks * reward.amount.amount : goalReached ? reward.amount.amount : 0
  return { clicks, cents, progress: update.progress, goal: update.goal, goalReached, test: false }
}

/** The sample a test alert shows: one click at the deal's reward, at the current progress. */
export function testAlert(view: WidgetView): AlertInput {
  return {
    clicks: 1,
    cents: view.reward.model === 'cpc' ? view.reward.amount.amount : 0,
    progress: view.progress,
    goal: view.goal,
    goalReached: false,
    test: true,
  }
}
