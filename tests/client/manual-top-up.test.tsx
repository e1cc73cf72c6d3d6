/**
 * The admin's manual top-up of a mission's budget: the amount typed in euros and read by the one euro
 * reader (its reason under the field when it cannot read it), cents sent, a toast, busy while sent.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { ManualTopUpForm } from '#client/features/brand/admin/mission-top-up.tsx'
import { api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import { deferred, fieldError, fill, prepareFormTests, renderInApp, sent } from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const apiMock = vi.mocked(api)

prepareFormTests(
  () => import('#shared/contract/brand-top-ups.ts').then((contract) => contract.AdminMissionTopUpBody),
  apiMock,
  vi.mocked(notify),
)

test('an amount that reads two ways and a missing reason are refused under their fields, nothing sent', async () => {
  const user = userEvent.setup()
  renderInApp(<ManualTopUpForm code="boss-rush" title="Boss rush" onDone={() => undefined} />)
  await fill(user, screen.getByLabelText('Amount in euros'), '1,200')
  await user.click(screen.getByRole('button', { name: 'Record the top-up' }))

  expect(await fieldError('Amount in euros')).toBe(
    'This amount can be read two ways: write thousands without a separator (1200) and cents with two digits (1,20).',
  )
  expect(await fieldError('Reason (kept in the audit log)')).toBe('This field is required.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('a top-up typed in euros is sent in cents, busy while it is sent, then said in a toast', async () => {
  const user = userEvent.setup()
  const answer = deferred<unknown>()
  apiMock.mockImplementation((async (name: string) =>
    name === 'adminMissionTopUp' ? answer.promise : { items: [] }) as never)
  const onDone = vi.fn()
  renderInApp(<ManualTopUpForm code="boss-rush" title="Boss rush" onDone={onDone} />)
  await fill(user, screen.getByLabelText('Amount in euros'), '1 200,50 €')
  await fill(user, screen.getByLabelText('Reason (kept in the audit log)'), 'Bank transfer 2026-04')
  const button = screen.getByRole('button', { name: 'Record the top-up' })
  await user.click(button)

  await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true)
  expect(sent(apiMock, 'adminMissionTopUp')).toEqual({
    params: { code: 'boss-rush' },
    body: { amount: 120_050, reason: 'Bank transfer 2026-04' },
  })
  answer.resolve({})
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
  // The money is written the way the interface language writes it (here the app's default).
  expect(notify).toHaveBeenCalledWith(
    'success',
    expect.stringMatching(/^\D*1\D?200[.,]50\D* added to the budget of “Boss rush”$/u),
  )
})
