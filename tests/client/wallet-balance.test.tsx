import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { BalanceCard } from '#client/features/wallet/components/balance-card.tsx'
import { PayoutForm } from '#client/features/wallet/components/payout-form.tsx'
import { eur, payoutMinimum, renderWallet, walletOf } from './support/wallet-fixtures'

const minimum = payoutMinimum

/** A verified wallet with a default account: 15 € available, 35 € still on hold until 3 December. */
const wallet = walletOf({
  available: eur(1500),
  pending: eur(3500),
  nextAvailableAt: '2026-12-03T10:00:00.000Z',
  informations: {
    bankAccounts: [
      {
        id: 'account-1',
        holderName: 'Ada Lovelace',
        ibanMasked: 'FR76 **** 0189',
        country: 'FR',
        isDefault: true,
        active: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
  stripe: { status: { person: { status: 'verified', reason: null } } },
})

const wrap = renderWallet

// Intl's fr-FR currency format separates with narrow no-break spaces; compare on plain spaces.
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ')

test('the balance card shows the available and pending parts and when the pending part becomes available', () => {
  wrap(<BalanceCard wallet={wallet} minimum={minimum} />)
  expect(text('wallet-balance')).toBe('50,00 €')
  expect(text('wallet-available')).toBe('15,00 €')
  expect(text('wallet-pending')).toBe('35,00 €')
  expect(text('wallet-pending-note')).toContain('available on 03/12/2026')
})

test('nothing pending: no date to wait for', () => {
  wrap(
    <BalanceCard
      wallet={{
        ...wallet,
        available: wallet.balance,
        pending: { amount: 0, currency: 'EUR' },
        nextAvailableAt: null,
      }}
      minimum={minimum}
    />,
  )
  expect(text('wallet-pending')).toBe('0,00 €')
  expect(screen.queryByTestId('wallet-pending-note')).toBeNull()
})

test('the payout form offers the available part only and says why more cannot be paid yet', async () => {
  const user = userEvent.setup()
  wrap(<PayoutForm username="ada" wallet={wallet} minimum={minimum} />)
  expect(screen.getByText(/^Available:/).textContent?.replace(/\s/g, ' ')).toBe('Available: 15,00 €')
  await user.type(screen.getByLabelText('Amount (EUR)'), '40')
  await user.click(screen.getByRole('button', { name: 'Request payout' }))
  expect((await screen.findByRole('alert')).textContent).toMatch(/pending earnings become available/)
})

test('the payout amount reads as a French, English or Spanish user types it, and refuses what it cannot tell', async () => {
  const user = userEvent.setup()
  wrap(<PayoutForm username="ada" wallet={wallet} minimum={minimum} />)
  const amount = screen.getByLabelText('Amount (EUR)')
  const send = () => user.click(screen.getByRole('button', { name: 'Request payout' }))
  // 9,50 € is read (below the 10 € minimum), not refused as "no amount".
  await user.type(amount, '9,50')
  await send()
  expect((await screen.findByRole('alert')).textContent).toMatch(/below the payout minimum/)
  await user.clear(amount)
  await user.type(amount, '1 200,50 €')
  await send()
  expect((await screen.findByRole('alert')).textContent).toMatch(/balance is too low/)
  await user.clear(amount)
  await user.type(amount, '1,200')
  await send()
  expect((await screen.findByRole('alert')).textContent).toMatch(/can be read two ways/)
})

test('a wallet whose whole balance is on hold cannot request a payout, and says so', () => {
  wrap(
    <PayoutForm
      username="ada"
      wallet={{ ...wallet, available: { amount: 0, currency: 'EUR' }, pending: wallet.balance }}
      minimum={minimum}
    />,
  )
  expect(screen.getByRole('status').textContent).toMatch(/pending earnings become available/)
  expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true)
})
