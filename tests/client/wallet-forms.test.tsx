import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { expect, test } from 'vitest'
import { BankAccountForm, holderNameOf } from '#client/features/wallet/components/bank-accounts.tsx'
import { WalletForm } from '#client/features/wallet/components/wallet-form.tsx'

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>,
  )

const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent)

test('the bank account form says which field is missing, and keeps saying it until the next try', async () => {
  const user = userEvent.setup()
  wrap(<BankAccountForm username="ada" />)
  await user.click(screen.getByRole('button', { name: 'Add account' }))
  expect(alerts()).toEqual(['This field is required.', 'This field is required.'])
  await user.type(screen.getByLabelText('Account holder'), 'Ada Lovelace')
  expect(alerts()).toHaveLength(2)
  await user.click(screen.getByRole('button', { name: 'Add account' }))
  expect(alerts()).toEqual(['This field is required.'])
  expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true')
})

test('the bank account form refuses an IBAN with wrong check digits before sending it', async () => {
  const user = userEvent.setup()
  wrap(<BankAccountForm username="ada" />)
  await user.type(screen.getByLabelText('Account holder'), 'Ada Lovelace')
  await user.type(screen.getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 188')
  await user.click(screen.getByRole('button', { name: 'Add account' }))
  expect(alerts()).toEqual(['This IBAN’s check digits are wrong: check it for a typo.'])
  await user.clear(screen.getByLabelText('IBAN'))
  await user.type(screen.getByLabelText('IBAN'), 'FR76 3000 6000 0112 3456 7890 189')
  expect(await screen.findByText('This IBAN is valid.')).toBeTruthy()
})

test('the wallet form shows the business fields only for a business, with the values it was given', async () => {
  const user = userEvent.setup()
  wrap(<WalletForm username="ada" wallet={null} />)
  expect(screen.queryByLabelText('Company name')).toBeNull()
  expect((screen.getByLabelText('Country code (FR, DE…)') as HTMLInputElement).value).toBe('FR')
  await user.click(screen.getByLabelText('A business'))
  expect(screen.getByLabelText('Company name')).toBeTruthy()
  expect(screen.getAllByLabelText('Country code (FR, DE…)')).toHaveLength(2)
  await user.type(screen.getByLabelText('Date of birth'), '10/12/1990')
  expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('10/12/1990')
})

test('the account holder is filled in from the wallet’s identity: the person, or the company', () => {
  const person = { firstName: 'Ada', lastName: 'Lovelace', birthDate: '1990-01-01', address: {} }
  const asPerson = { kind: 'person', person, business: null } as unknown as Parameters<typeof holderNameOf>[0]
  const asBusiness = {
    kind: 'business',
    person,
    business: { name: 'Analytical Engines SARL', registrationNumber: '123', address: {} },
  } as unknown as Parameters<typeof holderNameOf>[0]
  expect(holderNameOf(asPerson)).toBe('Ada Lovelace')
  expect(holderNameOf(asBusiness)).toBe('Analytical Engines SARL')
  wrap(<BankAccountForm username="ada" holderName={holderNameOf(asPerson)} />)
  expect((screen.getByLabelText('Account holder') as HTMLInputElement).value).toBe('Ada Lovelace')
})
