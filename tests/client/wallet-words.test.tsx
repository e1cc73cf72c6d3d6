import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { BalanceCard } from '#client/features/wallet/components/balance-card.tsx'
import { StepsLeft } from '#client/features/wallet/components/onboarding-steps.tsx'
import { PayoutForm } from '#client/features/wallet/components/payout-form.tsx'
import { eur, payoutMinimum, renderWallet, walletOf } from './support/wallet-fixtures'

const minimum = payoutMinimum

/** A new streamer's wallet: nothing available yet, 0,45 € on hold, no certification, no bank account. */
const wallet = walletOf({
  balance: eur(45),
  available: eur(0),
  pending: eur(45),
  nextAvailableAt: '2026-12-03T10:00:00.000Z',
})

const wrap = renderWallet

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
