import type { DealEvent } from './contract/deals.ts'

/**
 * A deal's events as the streamer reads them: a paid click is written as one event carrying its
 * reward. Clicks settled before that were written as two (the click, then a credit right after it):
 * one thing that happened, so they show as one row, the click with the credit's amount. A credit that
 * follows anything else (the fixed reward when the goal is reached) stays a row of its own.
 *
 * `events` are newest first. Folding an already folded list changes nothing, so the server folds
 * what it answers and the client folds again after adding events pushed one by one.
 */
export function foldDealEvents(events: readonly DealEvent[]): DealEvent[] {
  const rows: DealEvent[] = []
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as DealEvent
    const older = events[index + 1]
    if (event.type === 'credited' && older?.type === 'click' && older.valid && older.amount === null) {
      rows.push({ ...older, amount: event.amount })
      index++
      continue
    }
    rows.push(event)
  }
  return rows
}

/**
 * Whether a deal event credits a reward (its amount in cents): a paid click carries its reward on its
 * own row; a goal's reward (and clicks settled before clicks carried theirs) is a `credited` row. The
 * earnings statement selects its lines by this rule (in SQL), the brand's webhook sums a change with it.
 */
export const creditsReward = (event: { type: string; valid: boolean; amountCents: number | null }): boolean =>
  event.type === 'credited' || (event.type === 'click' && event.valid && event.amountCents !== null)
