/**
 * The admin's content editor: an entry checked by the contract before it is saved (each error under
 * its field, in words), a new entry sent with its place and code, an existing one with its changes,
 * a code the server finds taken said under the code, busy while saved.
 */
import { QueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { adminContentQueries } from '#client/features/content/admin/admin-queries.ts'
import { ContentEditorTab } from '#client/features/content/admin/content-editor-tab.tsx'
import { ApiException, api } from '#client/lib/http.ts'
import type { AdminContentEntry } from '#shared/contract/content.ts'
import { deferred, fieldError, fill, prepareFormTests, renderInApp, sent } from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))

const apiMock = vi.mocked(api)

const entry: AdminContentEntry = {
  id: 'entry-1',
  domain: 'faq',
  locale: 'en',
  code: 'payouts',
  title: 'When am I paid?',
  body: 'Within **two** working days.',
  topic: 'Wallet',
  position: 2,
  updatedAt: '2026-01-01T00:00:00.000Z',
}

prepareFormTests(
  () => import('#shared/contract/content.ts').then((contract) => contract.AdminContentBody),
  apiMock,
)

function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(adminContentQueries.entries('faq', 'en').queryKey, { items: [entry], total: 1 })
  renderInApp(<ContentEditorTab />, queryClient)
}

test('a new entry with a code out of shape and no title or text is refused under each field', async () => {
  const user = userEvent.setup()
  renderTab()
  await user.click(screen.getByRole('button', { name: 'New entry' }))
  await fill(user, screen.getByLabelText('Code (in the address)'), 'When Paid')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect(await fieldError('Code (in the address)')).toBe('This value does not have the expected format.')
  expect(await fieldError('Title')).toBe('This field is required.')
  expect(await fieldError('Text (markdown)')).toBe('This field is required.')
  expect(screen.queryByText(/validation\./)).toBeNull()
  expect(apiMock).not.toHaveBeenCalled()
})

test('an edited entry is saved with its changes, busy while saved, then the list is back', async () => {
  const user = userEvent.setup()
  const answer = deferred<AdminContentEntry>()
  apiMock.mockImplementation(((name: string) =>
    name === 'adminContentUpdate' ? answer.promise : Promise.resolve({ items: [entry], total: 1 })) as never)
  renderTab()
  await user.click(screen.getByRole('button', { name: 'When am I paid?' }))
  expect(screen.queryByLabelText('Code (in the address)')).toBeNull()
  await user.clear(screen.getByLabelText('Topic'))
  await user.clear(screen.getByLabelText('Position'))
  await fill(user, screen.getByLabelText('Position'), '5')
  const save = screen.getByRole('button', { name: 'Save' })
  await user.click(save)

  await expect.poll(() => (save as HTMLButtonElement).disabled).toBe(true)
  expect(sent(apiMock, 'adminContentUpdate')).toEqual({
    params: { id: 'entry-1' },
    body: { title: 'When am I paid?', body: 'Within **two** working days.', topic: null, position: 5 },
  })
  answer.resolve(entry)
  await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull())
  expect(screen.getByRole('button', { name: 'When am I paid?' })).toBeTruthy()
})

test('a new entry goes with its place and code; a code the server finds taken is said under the code', async () => {
  const user = userEvent.setup()
  apiMock.mockRejectedValue(
    new ApiException({
      code: 'CONFLICT',
      message: 'This entry already exists',
      errors: { children: { code: { errors: ['code.taken'] } } },
    }),
  )
  renderTab()
  await user.click(screen.getByRole('button', { name: 'New entry' }))
  await fill(user, screen.getByLabelText('Code (in the address)'), 'refunds')
  await fill(user, screen.getByLabelText('Title'), 'Refunds')
  await fill(user, screen.getByLabelText('Text (markdown)'), 'Ask the brand.')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect(await fieldError('Code (in the address)')).toBe('This code is already used.')
  expect(sent(apiMock, 'adminContentUpdate')).toEqual({
    params: { id: 'new' },
    body: {
      domain: 'faq',
      locale: 'en',
      code: 'refunds',
      title: 'Refunds',
      body: 'Ask the brand.',
      topic: null,
      position: 0,
    },
  })
})
