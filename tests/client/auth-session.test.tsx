import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { LanguageSwitcher } from '#client/components/layout/language-switcher.tsx'
import { SiteHeader } from '#client/components/layout/site-header.tsx'
import { completeSignIn } from '#client/features/auth/session-loader.ts'
import { followOnboardingSteps } from '#client/features/auth/session-sync.ts'
import { OnboardingSteps } from '#client/features/wallet/components/onboarding-steps.tsx'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { activateLocale, currentLocale, localeCookie } from '#client/lib/i18n.ts'
import { getSession, noSteps, signIn, signOut } from '#client/lib/session.ts'
import type { User } from '#shared/contract/auth.ts'
import type { Onboarding } from '#shared/contract/wallet.ts'

// The client session state is real: each field is written by the code that knows it and read by
// the code that needs it. The API is replaced by calls this test answers when it chooses.
const pending: Array<{ name: string; answer: () => void }> = []
const answerOf = (name: string): unknown => (name === 'walletGet' ? null : { items: [] })

vi.mock(import('#client/lib/http.ts'), async (original) => {
  const held = (name: string) =>
    new Promise((resolve) => {
      pending.push({ name, answer: () => resolve(answerOf(name)) })
    })
  return {
    ...(await original()),
    api: vi.fn(held),
    request: vi.fn(held),
  } as typeof import('#client/lib/http.ts')
})

const alice = { id: 'user-alice', username: 'alice', roles: ['user'] } as User

beforeEach(() => {
  signOut()
  pending.length = 0
})

afterEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the code under test wrote.
  document.cookie = `${localeCookie}=; Max-Age=0; Path=/`
  await activateLocale('en')
})

/** Answers every held call, including those its answers lead to, until none is left. */
async function answerAll(): Promise<void> {
  while (pending.length > 0) {
    for (const call of pending.splice(0)) call.answer()
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  }
}

const withProviders = (queryClient: QueryClient, children: ReactNode) => (
  <QueryClientProvider client={queryClient}>
    <I18nProvider i18n={i18n}>{children}</I18nProvider>
  </QueryClientProvider>
)

test('the session language is the active locale: written when a catalog activates, read by the switcher and the calls', async () => {
  const user = userEvent.setup()
  await activateLocale('fr')
  expect(getSession().language).toBe('fr')
  expect(currentLocale()).toBe('fr')

  render(withProviders(new QueryClient(), <LanguageSwitcher />))
  // Labelled in French now: the catalog is active.
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Langue' })
  expect(select.value).toBe('fr')
  await user.selectOptions(select, 'es')
  await waitFor(() => expect(getSession().language).toBe('es'))
  expect(select.value).toBe('es')
  expect(currentLocale()).toBe('es')
})

/** A component in a router of its own (for its links), with the query client and the catalog. */
async function renderRouted(queryClient: QueryClient, component: () => ReactNode) {
  const rootRoute = createRootRoute({ component })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  const view = render(withProviders(queryClient, <RouterProvider router={router} />))
  await act(() => router.load())
  return view
}

test('the session steps follow the onboarding answer: restored, then answered again, never another user’s', async () => {
  signIn('token-alice', alice)
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  const restored: Onboarding = { ...noSteps, profileComplete: true }
  queryClient.setQueryData(walletQueries.onboarding('alice').queryKey, restored)

  const stop = followOnboardingSteps(queryClient)
  expect(getSession().steps).toEqual(restored)
  await renderRouted(queryClient, () => <OnboardingSteps username="alice" />)
  expect(await screen.findByText('3 steps left.')).toBeTruthy()

  const answered: Onboarding = { ...restored, walletCreated: true, bankAccountAdded: true }
  act(() => {
    queryClient.setQueryData(walletQueries.onboarding('alice').queryKey, answered)
  })
  expect(getSession().steps).toEqual(answered)
  expect(screen.getByText('One step left.')).toBeTruthy()

  act(() => {
    queryClient.setQueryData(walletQueries.onboarding('bob').queryKey, {
      profileComplete: true,
      walletCreated: true,
      bankAccountAdded: true,
      certificationVerified: true,
    })
  })
  expect(getSession().steps).toEqual(answered)

  // What the steps show is the session's: signing out clears them, whatever the cache still holds.
  stop()
  act(() => signOut())
  expect(getSession().steps).toEqual(noSteps)
  expect(screen.getByText('4 steps left.')).toBeTruthy()
})

test('loading is up while the signed-in data loads after login, and the header shows it busy', async () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { container } = await renderRouted(queryClient, SiteHeader)
  await screen.findByRole('banner')
  expect(container.querySelector('header')?.getAttribute('aria-busy')).toBeNull()

  let signedIn = false
  let login: Promise<void> = Promise.resolve()
  await act(async () => {
    login = completeSignIn(queryClient, { code: 'token-alice', user: alice }).then(() => {
      signedIn = true
    })
  })
  await waitFor(() => expect(pending.map((call) => call.name)).toContain('walletGet'))
  expect(getSession().loading).toBe(true)
  expect(container.querySelector('header')?.getAttribute('aria-busy')).toBe('true')
  expect(signedIn).toBe(false)

  await answerAll()
  await act(() => login)
  expect(signedIn).toBe(true)
  expect(getSession().loading).toBe(false)
  expect(container.querySelector('header')?.getAttribute('aria-busy')).toBeNull()
})
