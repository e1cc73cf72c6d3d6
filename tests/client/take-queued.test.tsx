import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import { TakeMissionButton } from '#client/routes/_default/dashboard/deal/-components/take-mission-button.tsx'
import { alice, dealOf, stubApi } from './support/deal-fixtures'

vi.mock('idb-keyval', () => import('./support/memory-idb'))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

beforeAll(() => {
  registerAppFeatures()
})

afterEach(() => {
  signOut()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

test('a mission waiting in the offline queue shows as waiting, and cannot be taken again', async () => {
  signIn('token-alice', alice)
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  stubApi(() => ({ status: 500, body: {} }))
  const mission = dealOf().mission
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TakeMissionButton mission={mission} username="alice" /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  await act(() => router.load())
  expect(
    (screen.getByRole('button', { name: 'Take the mission Play the demo' }) as HTMLButtonElement).disabled,
  ).toBe(false)

  onlineManager.setOnline(false)
  await act(async () => {
    await takeMission(queryClient, {
      username: 'alice',
      missionCode: mission.code,
      missionTitle: mission.title,
    })
  })
  const waiting = await screen.findByRole('button', { name: 'Waiting for the connection to take it' })
  expect((waiting as HTMLButtonElement).disabled).toBe(true)
})
