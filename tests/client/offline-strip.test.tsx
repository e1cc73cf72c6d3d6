import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { OfflineStatus } from '#client/lib/offline/offline-status.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { signIn, signOut } from '#client/lib/session.ts'
import { alice, dealOf } from './support/deal-fixtures'

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

test('a change queued offline stays on the strip while it is being sent, and leaves it when the server has it', async () => {
  signIn('token-alice', alice)
  i18n.activate('en')
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  let answer: ((response: Response) => void) | undefined
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  )
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <OfflineStatus />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const mission = dealOf().mission
  onlineManager.setOnline(false)
  await act(async () => {
    await takeMission(queryClient, {
      username: 'alice',
      missionCode: mission.code,
      missionTitle: mission.title,
    })
  })
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
