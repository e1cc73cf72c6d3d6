/**
 * "Monthly statement" on the wallet page: the picker offers the months since the account was made
 * (the server refuses the others), named in the interface's language, and the download link asks
 * for the picked month in that language with the session's token (the browser cannot send headers).
 */
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { MonthlyStatement } from '#client/features/wallet/components/monthly-statement.tsx'
import { monthOf, statementMonths } from '#client/features/wallet/statement-months.ts'
import { setSessionLanguage, signIn, signOut } from '#client/lib/session.ts'
import type { User } from '#shared/contract/auth.ts'
import { renderWallet } from './support/wallet-fixtures'

afterEach(() => {
  signOut()
  setSessionLanguage('en')
})

test('the months run from the account’s month to this one, newest first', () => {
  const now = new Date(2026, 10, 29, 12)
  expect(statementMonths(new Date(2026, 8, 15).toISOString(), now)).toEqual(['2026-11', '2026-10', '2026-09'])
  expect(statementMonths(new Date(2025, 11, 31, 23).toISOString(), now)).toHaveLength(12)
  // Unknown or not yet begun: this month only.
  expect(statementMonths(undefined, now)).toEqual(['2026-11'])
  expect(statementMonths(new Date(2027, 0, 1).toISOString(), now)).toEqual(['2026-11'])
})

test('the picker offers the months since the account, and the link downloads the picked one', async () => {
  const now = new Date()
  const since = new Date(now.getFullYear(), now.getMonth() - 2, 15)
  signIn('secret-token', { username: 'ada', createdAt: since.toISOString() } as User)
  renderWallet(<MonthlyStatement username="ada" />)

  const picker = screen.getByTestId('statement-month') as HTMLSelectElement
  expect([...picker.options].map((option) => option.value)).toEqual(statementMonths(since.toISOString()))
  expect(picker.options).toHaveLength(3)
  const link = () => new URL((screen.getByTestId('statement-download') as HTMLAnchorElement).href)
  expect(link().pathname).toBe('/api/wallets/user/ada/statement')
  expect(link().searchParams.get('month')).toBe(monthOf(now))
  expect(link().searchParams.get('locale')).toBe('en')
  expect(link().searchParams.get('authorization')).toContain('secret-token')

  await userEvent.selectOptions(picker, monthOf(since))
  expect(link().searchParams.get('month')).toBe(monthOf(since))
  expect(picker.selectedOptions[0]?.textContent).toMatch(/^[A-Z][a-z]+ \d{4}$/)

  // In French: the month's name and the file's words follow the interface.
  act(() => setSessionLanguage('fr'))
  expect(link().searchParams.get('locale')).toBe('fr')
  expect(picker.selectedOptions[0]?.textContent).toMatch(/^[A-ZÉÛ][a-zéû]+ \d{4}$/)
})
