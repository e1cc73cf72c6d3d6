import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { Money } from '#shared/contract/common.ts'
import type { Wallet } from '#shared/contract/wallet.ts'

export const eur = (amount: number): Money => ({ amount, currency: 'EUR' })

/** The payout minimum the server answers: 10 €. */
export const payoutMinimum = eur(1000)

/**
 * Ada's personal wallet: 50 € all available, no certification, no bank account. A test states only
 * what it is about (`walletOf({ pending: eur(3500) })`).
 */
export function walletOf(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: 'wallet-1',
    kind: 'person',
    person: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthDate: '1990-12-10',
      address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
    },
    business: null,
    balance: eur(5000),
    available: eur(5000),
    pending: eur(0),
    nextAvailableAt: null,
    informations: { bankAccounts: [] },
    stripe: { status: { person: { status: 'none', reason: null } } },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** Renders wallet components the way the app does: a query client and the active language. */
export const renderWallet = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>,
  )
