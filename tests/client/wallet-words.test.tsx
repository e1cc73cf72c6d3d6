import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test } from 'vitest'
import { BalanceCard } from '#client/features/wallet/components/balance-card.tsx'
import { StepsLeft } from '#client/features/wallet/components/onboarding-steps.tsx'
import { PayoutForm } from '#client/features/wallet/components/payout-form.tsx'
import type { Money } from '#shared/contract/common.ts'
import type { Wallet } from '#shared/contract/wallet.ts'

const minimum: Money = { amount: 1000, currency: 'EUR' }
const eur = (amount: number): Money => ({ amount, currency: 'EUR' })

/** A new streamer's wallet: nothing available yet, 0,45 € on hold, no certification, no bank account. */
const wallet: Wallet = {
  id: 'wallet-1',
  kind: 'person',
  person: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthDate: '1990-12-10',
    address: {
      line1: '1 rue de la Paix',
      city: 'Paris',
      postalCode: '75002',
      country: 'FR',
    },
  },
  business: null,
  balance: eur(45),
  available: eur(0),
  pending: eur(45),
  nextAvailableAt: '2026-12-03T10:00:00.000Z',
  informations: { bankAccounts: [] },
  stripe: { status: { person: { status: 'none', reason: null } } },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>,
  )

// Intl's fr-FR currency format separates with narrow no-break spaces; compare on plain spaces.
const plain = (value: string | null | undefined) => value?.replace(/\s/g, ' ')

test('the onboarding count reads as what is left to do, not "4 of 4"', () => {
  const said = (left: number) => {
    const { container, unmount } = wrap(<StepsLeft left={left} />)
    const text = container.textContent
    unmount()
    return text
  }
  expect(said(4)).toBe('4 steps left.')
  expect(said(1)).toBe('One step left.')
  expect(said(0)).toBe('You are all set.')
})

test('what is missing to the payout minimum counts the pending earnings and names them', () => {
  wrap(<BalanceCard wallet={wallet} minimum={minimum} />)
  expect(plain(screen.getByText(/payout minimum/).textContent)).toBe(
    '0,45 € pending (counted once available); 9,55 € more to reach the payout minimum of 10,00 €.',
  )
})

test('pending earnings that reach the minimum: nothing more to earn, only to wait', () => {
  wrap(<BalanceCard wallet={{ ...wallet, balance: eur(1200), pending: eur(1200) }} minimum={minimum} />)
  expect(plain(screen.getByText(/payout minimum/).textContent)).toBe(
    '12,00 € pending: you reach the payout minimum of 10,00 € once it is available.',
  )
})

test('nothing pending: the whole missing amount is still to earn', () => {
  wrap(
    <BalanceCard
      wallet={{
        ...wallet,
        balance: eur(300),
        available: eur(300),
        pending: eur(0),
      }}
      minimum={minimum}
    />,
  )
  expect(plain(screen.getByText(/payout minimum/).textContent)).toBe(
    '7,00 € more to reach the payout minimum of 10,00 €.',
  )
})

test('a closed payout form disables its amount field and tells why, with the field', () => {
  wrap(<PayoutForm username="ada" wallet={wallet} minimum={minimum} />)
  const amount = screen.getByLabelText('Amount (EUR)') as HTMLInputElement
  expect(amount.disabled).toBe(true)
  const reason = screen.getByRole('status')
  expect(reason.textContent).not.toBe('')
  expect(amount.getAttribute('aria-describedby')?.split(' ')).toContain(reason.id)
})
