/**
 * The preview's numbers: the earnings estimate at the goal, the countdown, and the click
 * rules a streamer is told about, held to the values the server applies.
 */
import { describe, expect, test } from 'vitest'
import { missionTiming, timeLeft } from '#client/features/deals/mission-countdown.ts'
import { CLICK_RULES, goalEarnings } from '#client/features/deals/mission-terms.ts'
import { ADDRESS_DAILY_CAP, clickAddressLimit } from '#server/features/deals/click-fraud.ts'
import { formatMoney } from '#shared/format.ts'

const eur = (amount: number) => ({ amount, currency: 'EUR' as const })

describe('goalEarnings', () => {
  test('a per-click reward times the goal: 500 valid clicks at 0,15 € are 75,00 €', () => {
    const estimate = goalEarnings({ reward: { model: 'cpc', amount: eur(15) }, goal: 500 })
    expect(estimate).toEqual(eur(7500))
    expect(formatMoney(estimate)).toBe('75,00\u00a0€')
  })

  test('2,000 clicks at 0,08 € read with a thousands separator', () => {
    expect(formatMoney(goalEarnings({ reward: { model: 'cpc', amount: eur(8) }, goal: 2000 }))).toBe(
      '160,00\u00a0€',
    )
    expect(formatMoney(goalEarnings({ reward: { model: 'cpc', amount: eur(150) }, goal: 2000 }))).toBe(
      '3\u202f000,00\u00a0€',
    )
  })

  test('a fixed reward is paid once at the goal, whatever the goal', () => {
    expect(goalEarnings({ reward: { model: 'fixed', amount: eur(2500) }, goal: 50 })).toEqual(eur(2500))
  })
})

describe('timeLeft', () => {
  const now = new Date('2026-11-23T18:00:00Z')

  test('days, hours and minutes until the end', () => {
    expect(timeLeft('2026-11-26T21:30:00Z', now)).toEqual({ days: 3, hours: 3, minutes: 30 })
    expect(timeLeft('2026-11-23T18:45:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 45 })
  })

  test('nothing once the end has passed, nor without an end', () => {
    expect(timeLeft('2026-11-23T17:59:00Z', now)).toBeNull()
    expect(timeLeft('2026-11-23T18:00:00Z', now)).toBeNull()
    expect(timeLeft(null, now)).toBeNull()
  })

  test('a mission is upcoming, open or over', () => {
    const base = { status: 'published' as const, startsAt: '2026-11-01T00:00:00Z', endsAt: null }
    expect(missionTiming(base, now)).toBe('open')
    expect(missionTiming({ ...base, startsAt: '2026-12-01T00:00:00Z' }, now)).toBe('upcoming')
    expect(missionTiming({ ...base, endsAt: '2026-11-20T00:00:00Z' }, now)).toBe('ended')
    expect(missionTiming({ ...base, status: 'closed' }, now)).toBe('ended')
  })
})

test('the click rules shown to streamers are the ones the server applies', () => {
  expect(CLICK_RULES.addressDailyCap).toBe(ADDRESS_DAILY_CAP)
  expect(CLICK_RULES.perMinuteLimit).toBe(clickAddressLimit.max)
  expect(clickAddressLimit.windowMs).toBe(60_000)
})
