/**
 * The click alert's logic, as an overlay left running for hours sees it: one alert per batch of
 * settled clicks (a jump of N is N clicks), none for an update without new progress (an invalid click),
 * and a queue that stays small however many events arrive, while the overlay keeps up.
 */
import { expect, test } from 'vitest'
import {
  AlertQueue,
  alertDurationMs,
  alertFromProgress,
  MAX_WAITING,
  MIN_ALERT_MS,
} from '#client/features/deals/overlays/alert-queue.ts'
import {
  type OverlaySettings,
  overlayUrl,
  parseOverlaySettings,
} from '#client/features/deals/overlays/overlay-settings.ts'
import type { WidgetView } from '#shared/contract/deals.ts'

const reward: WidgetView['reward'] = { model: 'cpc', amount: { amount: 15, currency: 'EUR' } }
const update = (progress: number, state: WidgetView['state'] = 'inprogress') => ({
  token: 't',
  progress,
  goal: 500,
  state,
})

test('a batch of settled clicks alerts once for all of them, with what they earned', () => {
  expect(alertFromProgress({ progress: 2, state: 'inprogress' }, update(3), reward)).toEqual({
    clicks: 1,
    cents: 15,
    progress: 3,
    goal: 500,
    goalReached: false,
    test: false,
  })
  expect(alertFromProgress({ progress: 3, state: 'inprogress' }, update(15), reward)).toMatchObject({
    clicks: 12,
    cents: 180,
  })
})

test('an update without new progress (an invalid click, a stop) alerts nothing', () => {
  expect(alertFromProgress({ progress: 3, state: 'inprogress' }, update(3), reward)).toBeNull()
  expect(alertFromProgress({ progress: 3, state: 'inprogress' }, update(3, 'stopped'), reward)).toBeNull()
})

test('reaching the goal alerts, also for a fixed reward paid at the goal', () => {
  const fixed: WidgetView['reward'] = { model: 'fixed', amount: { amount: 5000, currency: 'EUR' } }
  expect(
    alertFromProgress({ progress: 499, state: 'inprogress' }, update(500, 'finished'), fixed),
  ).toMatchObject({ clicks: 1, cents: 5000, goalReached: true })
})

test('10,000 events in a burst: the queue stays bounded and adds every click up', () => {
  const queue = new AlertQueue()
  let shown = 0
  let clicks = 0
  for (let index = 1; index <= 10_000; index++) {
    queue.push({ clicks: 1, cents: 15, progress: index, goal: 20_000, goalReached: false, test: false })
    expect(queue.size).toBeLessThanOrEqual(MAX_WAITING)
    // The overlay shows one alert per 100 events meanwhile: it is far slower than the burst.
    if (index % 100 === 0) {
      clicks += queue.take()?.clicks ?? 0
      shown++
    }
  }
  let last = queue.take()
  while (last) {
    clicks += last.clicks
    shown++
    const next = queue.take()
    if (!next) break
    last = next
  }
  expect(clicks).toBe(10_000)
  expect(shown).toBeLessThanOrEqual(100 + MAX_WAITING)
  expect(queue.size).toBe(0)
})

test('a merged alert keeps the latest progress and the goal reached', () => {
  const queue = new AlertQueue(1)
  queue.push({ clicks: 1, cents: 15, progress: 498, goal: 500, goalReached: false, test: false })
  queue.push({ clicks: 2, cents: 30, progress: 500, goal: 500, goalReached: true, test: false })
  expect(queue.size).toBe(1)
  expect(queue.take()).toMatchObject({ clicks: 3, cents: 45, progress: 500, goalReached: true })
})

test('alerts shorten while others wait, never below a readable minimum', () => {
  expect(alertDurationMs(5, 0)).toBe(5000)
  expect(alertDurationMs(5, 1)).toBe(2500)
  expect(alertDurationMs(5, 3)).toBe(MIN_ALERT_MS)
})

test('an overlay URL fixes its language and look, and the copied URL always carries them', () => {
  const settings: OverlaySettings & { lang: 'fr' } = {
    token: 'abc',
    lang: 'fr',
    theme: 'dark',
    duration: 8,
    sound: false,
    volume: 30,
  }
  const url = overlayUrl('https://example.test', 'alert', settings)
  expect(url).toBe(
    'https://example.test/widgets/alert?token=abc&lang=fr&theme=dark&duration=8&sound=off&volume=30',
  )
  // Read back from the URL alone, the settings are the same.
  expect(parseOverlaySettings(Object.fromEntries(new URL(url).searchParams))).toEqual(settings)
  // Nonsense falls back to safe defaults instead of breaking a live overlay.
  expect(
    parseOverlaySettings({ token: 'abc', lang: 'de', theme: 'neon', duration: 9999, volume: -4 }),
  ).toEqual({ token: 'abc', lang: null, theme: 'brand', duration: 20, sound: true, volume: 0 })
})
