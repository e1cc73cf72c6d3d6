import { i18n } from '@lingui/core'
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { OfflineStatus } from '#client/lib/offline/offline-status.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import { TakeMissionButton } from '#client/routes/_default/dashboard/deal/-components/take-mission-button.tsx'
import type { Mission } from '#shared/contract/deals.ts'
import { alice, dealOf, stubApi } from './support/deal-fixtures'
import { renderInApp } from './support/form-kit'

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

/** Alice signed in, with the app's offline queue on a fresh query client. */
function signedInQueryClient(): QueryClient {
  signIn('token-alice', alice)
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  return queryClient
}

/** Takes the mission with the connection down: the take waits in the offline queue. */
async function takeWhileOffline(queryClient: QueryClient, mission: Mission): Promise<void> {
  onlineManager.setOnline(false)
  await act(async () => {
    await takeMission(queryClient, {
      username: 'alice',
      missionCode: mission.code,
      missionTitle: mission.title,
    })
  })
}

test('a mission waiting in the offline queue shows as waiting, and cannot be taken again', async () => {
  const queryClient = signedInQueryClient()
  stubApi(() => ({ status: 500, body: {} }))
  const mission = dealOf().mission
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TakeMissionButton mission={mission} username="alice" /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  renderInApp(<RouterProvider router={router} />, queryClient)
  await act(() => router.load())
  expect(
    (screen.getByRole('button', { name: 'Take the mission Play the demo' }) as HTMLButtonElement).disabled,
  ).toBe(false)

  await takeWhileOffline(queryClient, mission)
  const waiting = await screen.findByRole('button', { name: 'Waiting for the connection to take it' })
  expect((waiting as HTMLButtonElement).disabled).toBe(true)
})

test('a change queued offline stays on the strip while it is being sent, and leaves it when the server has it', async () => {
  i18n.activate('en')
  const queryClient = signedInQueryClient()
  let answer: ((response: Response) => void) | undefined
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  )
  renderInApp(<OfflineStatus />, queryClient)
  const mission = dealOf().mission
  await takeWhileOffline(queryClient, mission)
  expect((await screen.findByTestId('changes-waiting')).textContent).toContain(mission.title)

  // Back online: the take is on its way, not yet answered. The strip says so rather than vanishing.
  act(() => onlineManager.setOnline(true))
  await vi.waitFor(() => expect(answer).toBeDefined())
  expect((await screen.findByTestId('changes-sending')).textContent).toContain(mission.title)
  expect(screen.queryByTestId('changes-waiting')).toBeNull()

  await act(async () => {
    answer?.(
      new Response(JSON.stringify(dealOf()), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    )
  })
  await vi.waitFor(() => expect(screen.queryByTestId('offline-status')).toBeNull())
})
