/**
 * The account's identity shown once: the business tab of someone paid as a person does not present
 * their identity as a company's, and the profile's phone is the identity's (read-only there).
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ProfileForm } from '#client/features/account/components/profile-form.tsx'
import { registerAccountMutations } from '#client/features/account/mutations.ts'
import { BusinessTab } from '#client/features/wallet/components/business-tab.tsx'
import { setWallet, signIn, signOut } from '#client/lib/session.ts'
import type { User } from '#shared/contract/auth.ts'
import { stubApi } from './support/deal-fixtures'
import { walletOf } from './support/wallet-fixtures'

const ada: User = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  username: 'ada',
  email: 'ada@example.test',
  kind: 'streamer',
  roles: ['user'],
  locale: 'en',
  avatar: null,
  phone: '+33 6 00 00 00 00',
  creatorCode: 'KVLELJCFKMCW',
  sponsor: null,
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
}

// The first render compiles the router and the forms: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 })
// As the app registers it: a profile change may wait offline.
registerAccountMutations()
beforeEach(() => i18n.activate('en'))
afterEach(() => {
  vi.unstubAllGlobals()
  signOut()
})

async function show(children: () => ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: children }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  await act(() => router.load())
}

const certifiedPerson = walletOf({
  stripe: { status: { person: { status: 'verified', reason: null } } },
})

test('a person certified as such sees why the business tab is empty, not their identity as a company', async () => {
  await show(() => <BusinessTab username="ada" wallet={certifiedPerson} />)
  expect(screen.getByText(/You are certified as a person/)).toBeTruthy()
  // Nothing of the person is presented as a business: no identity field, no company field.
  expect(screen.queryByLabelText('First name')).toBeNull()
  expect(screen.queryByLabelText('Company name')).toBeNull()
  expect(screen.queryByDisplayValue('Lovelace')).toBeNull()
  expect(screen.getByRole('link', { name: 'certification page' }).getAttribute('href')).toBe(
    '/dashboard/account/certification',
  )
  await userEvent.setup().click(screen.getByRole('button', { name: 'Certify as a business' }))
  expect((screen.getByLabelText('A business') as HTMLInputElement).checked).toBe(true)
  expect(screen.getByLabelText('Company name')).toBeTruthy()
})

test('a person may still update their own identity from the tab, as a person', async () => {
  await show(() => <BusinessTab username="ada" wallet={certifiedPerson} />)
  await userEvent.setup().click(screen.getByRole('button', { name: 'Update my personal identity' }))
  expect((screen.getByLabelText('A person') as HTMLInputElement).checked).toBe(true)
  expect(screen.queryByLabelText('Company name')).toBeNull()
})

test('a business sees its company at once', async () => {
  const business = walletOf({
    kind: 'business',
    business: {
      name: 'Analytical Engines SARL',
      registrationNumber: '123 456 789',
      address: {
        line1: '2 rue de la Paix',
        city: 'Paris',
        postalCode: '75002',
        country: 'FR',
      },
    },
  })
  await show(() => <BusinessTab username="ada" wallet={business} />)
  expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Analytical Engines SARL')
  expect(screen.queryByText(/certified as a person/)).toBeNull()
})

test('with an identity, the profile shows its phone read-only and never sends another', async () => {
  const calls = stubApi(() => ({ status: 200, body: ada }))
  signIn('token-ada', ada)
  setWallet(walletOf({ person: { ...walletOf().person, phone: '+33 6 12 34 56 78' } }))
  await show(() => <ProfileForm user={ada} />)
  const phone = screen.getByLabelText('Phone number') as HTMLInputElement
  expect(phone.value).toBe('+33 6 12 34 56 78')
  expect(phone.readOnly).toBe(true)
  expect(screen.getByRole('link', { name: 'Change it with your identity' }).getAttribute('href')).toBe(
    '/dashboard/account/business',
  )
  await userEvent.setup().click(screen.getByRole('button', { name: 'Save my profile' }))
  await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1))
  const [, init] = vi.mocked(fetch).mock.calls.at(-1) ?? []
  expect(JSON.parse(String(init?.body))).toEqual({})
})

test('without an identity, the profile’s phone is its own and editable', async () => {
  signIn('token-ada', ada)
  await show(() => <ProfileForm user={ada} />)
  const phone = screen.getByLabelText('Phone number') as HTMLInputElement
  expect(phone.value).toBe('+33 6 00 00 00 00')
  expect(phone.readOnly).toBe(false)
})
