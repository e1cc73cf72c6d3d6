import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { ProgressChart } from '#client/features/deals/components/progress-chart.tsx'
import { noSteps, setSteps } from '#client/lib/session.ts'
import { EventList } from '#client/routes/_default/dashboard/deal/$status/{-$code}/-components/event-list.tsx'
import type { DealEvent } from '#shared/contract/deals.ts'

const credited: DealEvent = {
  id: 'event-1',
  type: 'credited',
  valid: true,
  reason: null,
  amount: { amount: 45, currency: 'EUR' },
  occurrences: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
}

afterEach(() => act(() => setSteps(noSteps)))

const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <EventList events={[credited]} />
    </I18nProvider>,
  )

test('before the wallet exists, a credited event says the earnings are kept until it is created', () => {
  setSteps(noSteps)
  show()
  expect(screen.getByTestId('deal-events').textContent).toContain(
    'Earned: kept for you, shown once your wallet is created',
  )
  expect(screen.getByTestId('deal-events').textContent).not.toContain('Credited to the wallet')
})

test('once the wallet exists, a credited event says it went to the wallet', () => {
  setSteps({ ...noSteps, profileComplete: true, walletCreated: true })
  show()
  expect(screen.getByTestId('deal-events').textContent).toContain('Credited to the wallet')
})

const at = (id: string, type: DealEvent['type'], extra: Partial<DealEvent> = {}): DealEvent => ({
  ...credited,
  id,
  type,
  amount: null,
  ...extra,
})

test('a valid click and its credit are one row; taking the mission is not "counted"', () => {
  setSteps({ ...noSteps, profileComplete: true, walletCreated: true })
  render(
    <I18nProvider i18n={i18n}>
      <EventList
        events={[
          at('event-4', 'credited', {
            amount: { amount: 25, currency: 'EUR' },
          }),
          at('event-3', 'click'),
          at('event-2', 'click', { valid: false, reason: 'bot' }),
          at('event-1', 'subscribed'),
        ]}
      />
    </I18nProvider>,
  )
  const rows = screen.getAllByRole('listitem').map((row) => row.textContent ?? '')
  expect(rows).toHaveLength(3)
  expect(rows[0]).toContain('Click')
  expect(rows[0]).toContain('Counted')
  expect(rows[0]).toMatch(/0[.,]25/)
  expect(rows[1]).toContain('Not counted: automated visitor')
  expect(rows[2]).toContain('Mission taken')
  expect(rows[2]).not.toContain('Counted')
})

test('the chart names its two colours in a legend', () => {
  render(
    <I18nProvider i18n={i18n}>
      <ProgressChart
        days={[
          { day: '2026-11-19', valid: 2, invalid: 1 },
          { day: '2026-11-20', valid: 3, invalid: 0 },
        ]}
        goal={10}
        progress={5}
      />
    </I18nProvider>,
  )
  const legend = screen.getByTestId('events-chart-legend')
  expect(legend.textContent).toContain('Valid')
  expect(legend.textContent).toContain('Refused')
})

test('an event’s time is the viewer’s own clock, not UTC', () => {
  const zone = process.env.TZ
  // Paris in November is UTC+1: 10:00 UTC is 11:00 on the streamer's clock.
  process.env.TZ = 'Europe/Paris'
  try {
    setSteps({ ...noSteps, profileComplete: true, walletCreated: true })
    show()
    expect(screen.getByTestId('deal-events').textContent).toContain('20/11/2026 11:00')
  } finally {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  }
})
