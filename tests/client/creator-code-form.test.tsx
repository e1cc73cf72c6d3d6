/**
 * The creator code form: the rules are said in the user's words before anything is sent, the
 * server's refusals (taken, retired) land on the field, and a saved code replaces the generated one.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CreatorCodeForm } from '#client/features/account/components/creator-code-form.tsx'
import type { User } from '#shared/contract/auth.ts'
import { stubApi } from './support/deal-fixtures'

const ada: User = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  username: 'ada',
  email: 'ada@example.test',
  kind: 'streamer',
  roles: ['user'],
  locale: 'en',
  avatar: null,
  phone: null,
  creatorCode: 'KVLELJCFKMCW',
  sponsor: null,
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
}

beforeEach(() => i18n.activate('en'))
afterEach(() => vi.unstubAllGlobals())

const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <CreatorCodeForm user={ada} />
    </I18nProvider>,
  )

test('the rules are checked before sending, in words', async () => {
  const calls = stubApi(() => ({ status: 200, body: ada }))
  show()
  const user = userEvent.setup()
  const input = screen.getByLabelText('Your creator code')
  expect(screen.getByText(/keeps working for 30 days after a change/)).toBeTruthy()
  await user.clear(input)
  await user.type(input, 'max plays')
  await user.click(screen.getByRole('button', { name: 'Save my creator code' }))
  expect(await screen.findByText('Only letters without accents and digits: no spaces or signs.')).toBeTruthy()
  await user.clear(input)
  await user.type(input, 'AdminMax')
  expect(
    await screen.findByText('This code could pass for Streamdeals or its team: choose another one.'),
  ).toBeTruthy()
  expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0)
})

test('a code someone gave up lately is refused on the field; a free one is saved', async () => {
  let answer: { status: number; body: unknown } = {
    status: 400,
    body: {
      code: 'FORM_0001',
      message: 'Invalid form',
      errors: { children: { code: { errors: ['creator_code.retired'] } } },
    },
  }
  const calls = stubApi(() => answer)
  show()
  const user = userEvent.setup()
  const input = screen.getByLabelText('Your creator code')
  await user.clear(input)
  await user.type(input, 'Famous')
  await user.click(screen.getByRole('button', { name: 'Save my creator code' }))
  expect(
    await screen.findByText('Another creator used this code less than 30 days ago: it is still theirs.'),
  ).toBeTruthy()
  answer = { status: 200, body: { ...ada, creatorCode: 'MaxPlays' } }
  await user.clear(input)
  await user.type(input, 'MaxPlays')
  await user.click(screen.getByRole('button', { name: 'Save my creator code' }))
  await vi.waitFor(() => expect((input as HTMLInputElement).value).toBe('MaxPlays'))
  expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
    '/api/user/ada/creator-code',
    '/api/user/ada/creator-code',
  ])
})
