import { QueryClient } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { adminDealQueries } from '#client/features/deals/admin/admin-queries.ts'
import { ProvidersTab } from '#client/features/deals/admin/providers-tab.tsx'
import { ApiException, api } from '#client/lib/http.ts'
import type { AdminProvider } from '#shared/contract/admin.ts'
import { renderInApp } from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const provider: AdminProvider = {
  id: '6f1c3d1e-1111-4222-8333-944445555666',
  name: 'Nova Games',
  slug: 'nova-games',
  logo: null,
  description: { en: 'Independent studio.', es: 'Estudio independiente.' },
  theme: 'nova',
  status: 'approved',
}

const apiMock = vi.mocked(api)

// The form's check loads the contract and arktype on its first submit: loaded once here, so no test
// waits for that (slow on a busy machine).
beforeAll(async () => {
  await Promise.all([import('#shared/contract/admin.ts'), import('arktype')])
}, 60_000)

beforeEach(() => {
  apiMock.mockReset()
  Element.prototype.scrollIntoView = () => undefined
})

function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(adminDealQueries.providers().queryKey, { items: [provider], total: 1 })
  renderInApp(<ProvidersTab />, queryClient)
}

/** The JSON body of the provider form's save. */
const sentPayload = () => {
  const options = apiMock.mock.calls.find(([name]) => name === 'adminProviderUpdate')?.[1]
  const body: unknown = options && 'body' in options ? options.body : undefined
  if (!(body instanceof FormData)) throw new Error('the provider form sent no form data')
  return JSON.parse(String(body.get('payload')))
}

test('the description is edited per language and only the written languages are sent', async () => {
  const user = userEvent.setup()
  // A save answers the provider; the list it then refetches answers the list.
  apiMock.mockImplementation((async (name: string) =>
    name === 'adminProviders' ? { items: [provider], total: 1 } : provider) as never)
  renderTab()
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  const description = screen.getByRole('group', { name: 'Description' })
  expect(within(description).getByLabelText('English')).toHaveProperty('value', 'Independent studio.')
  expect(within(description).getByLabelText('Spanish')).toHaveProperty('value', 'Estudio independiente.')

  await user.type(within(description).getByLabelText('French'), 'Studio indépendant.')
  await user.clear(within(description).getByLabelText('Spanish'))
  await user.click(screen.getByRole('button', { name: 'Save' }))

  await vi.waitFor(() =>
    expect(apiMock).toHaveBeenCalledWith(
      'adminProviderUpdate',
      expect.objectContaining({ params: { id: provider.id } }),
    ),
  )
  expect(sentPayload()).toEqual({
    name: 'Nova Games',
    slug: 'nova-games',
    description: { en: 'Independent studio.', fr: 'Studio indépendant.' },
    theme: 'nova',
  })
})

test('a refused save shows each error under its field, in words', async () => {
  const user = userEvent.setup()
  apiMock.mockRejectedValue(
    new ApiException({
      code: 'FORM_0001',
      message: 'Invalid form',
      errors: { children: { description: { children: { en: { errors: ['validation.required'] } } } } },
    }),
  )
  renderTab()
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  const description = screen.getByRole('group', { name: 'Description' })
  await user.clear(within(description).getByLabelText('English'))
  await user.click(screen.getByRole('button', { name: 'Save' }))

  const english = within(description).getByLabelText('English')
  expect(await within(description).findByRole('alert')).toHaveProperty(
    'textContent',
    'This field is required.',
  )
  expect(english.getAttribute('aria-invalid')).toBe('true')
  expect(within(description).getByLabelText('French').getAttribute('aria-invalid')).toBeNull()
  expect(screen.queryByText(/validation\.required/)).toBeNull()
})

test('a form the contract refuses is not sent: the error in words under its field, brought into view', async () => {
  const user = userEvent.setup()
  // jsdom lays nothing out: record which element the form brings into view.
  const shown: Element[] = []
  Element.prototype.scrollIntoView = function (this: Element) {
    shown.push(this)
  }
  renderTab()
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  await user.clear(screen.getByLabelText('Name'))
  await user.clear(screen.getByLabelText('Slug (lower case, dashes)'))
  await user.type(screen.getByLabelText('Slug (lower case, dashes)'), 'Not A Slug')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  const name = screen.getByLabelText('Name')
  await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'This field is required.',
  )
  expect(screen.getByLabelText('Slug (lower case, dashes)').getAttribute('aria-invalid')).toBe('true')
  expect(screen.queryByText(/validation\./)).toBeNull()
  expect(apiMock.mock.calls.some(([call]) => call === 'adminProviderUpdate')).toBe(false)
  // The browser's own bubbles stay off: the form says what is wrong in the user's language.
  expect(name.closest('form')?.noValidate).toBe(true)
  await expect.poll(() => shown[0]?.contains(name)).toBe(true)
  await expect.poll(() => document.activeElement).toBe(name)
})
