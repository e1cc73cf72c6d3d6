import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { beforeEach, expect, test, vi } from 'vitest'
import { didSessionEnd, followAuthParam } from '#client/features/auth/auth-modal-state.ts'
import { endSession } from '#client/features/auth/session-end.ts'
import { getSession, signIn } from '#client/lib/session.ts'
import type { User } from '#shared/contract/auth.ts'
import { idb } from './support/memory-idb'

vi.mock('idb-keyval', () => import('./support/memory-idb'))

const user = { id: 'u1', username: 'alice' } as User

/** A router stand-in: where the user is, and the navigations asked of it. */
function fakeRouter(pathname: string, searchStr = '') {
  const navigate = vi.fn(async (_options: { search: (previous: Record<string, unknown>) => unknown }) => {})
  const router = { state: { location: { pathname, searchStr, hash: '' } }, navigate }
  return { router: router as unknown as AnyRouter, navigate }
}

beforeEach(() => {
  idb.clear()
  localStorage.clear()
  followAuthParam(undefined)
})

test('a refused session is wiped as at logout, once, and the login modal opens with the way back', async () => {
  signIn('dead', user)
  localStorage.setItem('streamdeals-first-screen:u1', '{}')
  idb.set('streamdeals-query-cache:u1', '{}')
  const queryClient = new QueryClient()
  queryClient.setQueryData(['wallet', 'alice'], { balance: 1 })
  const { router, navigate } = fakeRouter('/dashboard/account/bank', 'tab=2')

  // The page's queries and a replayed offline change all fail with the same token, at once.
  await Promise.all([
    endSession(queryClient, router, 'dead'),
    endSession(queryClient, router, 'dead'),
    endSession(queryClient, router, 'dead'),
  ])
  expect(getSession().token).toBeNull()
  expect(localStorage.getItem('streamdeals-first-screen:u1')).toBeNull()
  expect([...idb.keys()]).toEqual([])
  expect(queryClient.getQueryData(['wallet', 'alice'])).toBeUndefined()
  expect(didSessionEnd()).toBe(true)
  expect(navigate).toHaveBeenCalledTimes(1)
  const search = navigate.mock.calls[0]?.[0].search({ tab: '2' })
  expect(search).toEqual({ tab: '2', auth: 'login', redirect: '/dashboard/account/bank?tab=2' })

  // A late failure with the dead token, after the user signed in again, ends nothing.
  signIn('fresh', user)
  await endSession(queryClient, router, 'dead')
  expect(getSession().token).toBe('fresh')
  expect(navigate).toHaveBeenCalledTimes(1)
})

test('the way back survives a second ending on the home page it was carried to', async () => {
  signIn('dead', user)
  const { router, navigate } = fakeRouter('/', 'auth=login&redirect=%2Fdashboard%2Fdeal%2Fpayment')
  await endSession(new QueryClient(), router, 'dead')
  const search = navigate.mock.calls[0]?.[0].search({})
  expect(search).toMatchObject({ auth: 'login', redirect: '/dashboard/deal/payment' })
})

test('a signed-out visit to a guarded page goes to the login modal, carrying the page it asked for', async () => {
  const { requireUser } = await import('#client/lib/guards.ts')
  const context = { queryClient: new QueryClient(), auth: { user: () => null } }
  const location = { href: '/dashboard/deal/payment?x=1', search: {} }
  const thrown = (() => {
    try {
      requireUser({ context, location } as unknown as Parameters<typeof requireUser>[0])
    } catch (error) {
      return error as { options: { to: string; search: unknown } }
    }
    return null
  })()
  expect(thrown?.options.to).toBe('/')
  expect(thrown?.options.search).toEqual({ auth: 'login', redirect: '/dashboard/deal/payment?x=1' })
})

test('a reload while the modal says the session ended says it again; closing the modal forgets it', async () => {
  signIn('dead', user)
  const { router } = fakeRouter('/dashboard/deal/payment')
  await endSession(new QueryClient(), router, 'dead')

  // The reloaded page: fresh modules, no session left to find ended, the login modal in the address.
  vi.resetModules()
  const reloaded = await import('#client/features/auth/auth-modal-state.ts')
  reloaded.followAuthParam('login', '/dashboard/deal/payment')
  expect(reloaded.didSessionEnd()).toBe(true)

  reloaded.closeAuthModal()
  vi.resetModules()
  const later = await import('#client/features/auth/auth-modal-state.ts')
  later.followAuthParam('login')
  expect(later.didSessionEnd()).toBe(false)
})
