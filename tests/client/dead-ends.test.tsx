import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import type { FunctionComponent as ComponentType } from 'react'
import { beforeAll, expect, test, vi } from 'vitest'

vi.mock('#client/features/auth/mutations.ts', async (original) => ({
  ...(await original<typeof import('#client/features/auth/mutations.ts')>()),
  confirmEmail: () => Promise.resolve(),
}))

// The verification module pulls arktype and react-hook-form: its first transform is slow.
beforeAll(async () => {
  await import('#client/features/auth/components/verification.tsx')
}, 30_000)

async function show(Component: ComponentType) {
  const router = createRouter({
    routeTree: createRootRoute({ component: Component }),
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

test('an unknown mission has a page of its own that leads back to the missions', async () => {
  const { Route } = await import('#client/routes/_default/dashboard/deal/available/$code.tsx')
  const queryClient = {
    ensureQueryData: vi
      .fn()
      .mockResolvedValueOnce({ items: [] })
      .mockRejectedValueOnce(Object.assign(new Error('Not Found'), { statusCode: 404 })),
  }
  const loader = Route.options.loader as unknown as (match: unknown) => Promise<unknown>
  expect(await loader({ context: { queryClient }, params: { code: 'no-such-mission' } })).toEqual({
    missing: true,
  })

  const { MissionNotFound } = await import(
    '#client/routes/_default/dashboard/deal/available/-components/mission-not-found.tsx'
  )
  await show(MissionNotFound)
  expect(screen.getByRole('heading', { name: 'This mission is not available' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'See the missions' }).getAttribute('href')).toBe('/dashboard/deal')
})

test('a confirmed e-mail address leads on: signed out, to the sign-in', async () => {
  const { VerifyEmail } = await import('#client/features/auth/components/verification.tsx')
  await show(() => <VerifyEmail token="fresh" />)
  expect(await screen.findByText('Your e-mail address is confirmed. Thank you!')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Log in to continue' })).toBeTruthy()
})
