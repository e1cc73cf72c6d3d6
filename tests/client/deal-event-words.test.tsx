import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
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
