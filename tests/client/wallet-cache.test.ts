import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { registerAppFeatures } from '#client/app-features.ts'
import { saveWallet, type WalletSaveVariables } from '#client/features/wallet/mutations.ts'
import { storeWallet, walletQueries } from '#client/features/wallet/queries.ts'
import { describeOfflineMutation, registerMutationDefaults } from '#client/lib/offline/mutation-defaults.ts'
import { cacheKeyFor, persistUserCache, restoreUserCache } from '#client/lib/persister.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { getSession, signIn, signOut } from '#client/lib/session.ts'
import { startLiveUpdates } from '#client/lib/socket.ts'
import { notify } from '#client/lib/toast.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import { alice, stubApi } from './support/deal-fixtures'
import { FakeSocket } from './support/fake-socket'
import { idb } from './support/memory-idb'
import { walletOf } from './support/wallet-fixtures'

vi.mock('idb-keyval', () => import('./support/memory-idb'))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

let socket = new FakeSocket()
vi.mock('socket.io-client', () => ({ io: () => socket }))

const detail = walletQueries.detail('alice').queryKey
const transactions = walletQueries.transactions('alice').queryKey
const onboarding = walletQueries.onboarding('alice').queryKey
const save: WalletSaveVariables = {
  username: 'alice',
  body: {
    kind: 'person',
    person: {
      firstName: 'Ada',
      lastName: 'Byron',
      birthDate: '1990-12-10',
      address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
    },
  },
  create: false,
}

/** A cache as the payment page leaves it: the wallet, its history and the onboarding steps. */
function cacheWith(wallet: Wallet): QueryClient {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  queryClient.setQueryData(detail, wallet)
  queryClient.setQueryData(transactions, { items: [], total: 0 })
  queryClient.setQueryData(onboarding, {
    profileComplete: true,
    walletCreated: true,
    bankAccountAdded: false,
    certificationVerified: false,
  })
  return queryClient
}

const snapshot = (queryClient: QueryClient) => ({
  detail: queryClient.getQueryData(detail),
  session: getSession().wallet,
  rereading: queryClient
    .getQueryCache()
    .findAll({ queryKey: walletQueries.all('alice') })
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey),
})

const walletCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.path === '/api/wallets/user/alice')

beforeAll(() => {
  registerAppFeatures()
})

beforeEach(() => {
  idb.clear()
  vi.mocked(notify).mockClear()
  socket = new FakeSocket()
  onlineManager.setOnline(true)
  signIn('token-alice', alice)
})

afterEach(() => {
  signOut()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

test('a wallet pushed by the socket and the same wallet answered over HTTP change the cache alike', async () => {
  const before = walletOf()
  const renamed = walletOf({ updatedAt: '2026-01-02T10:00:00.000Z' })

  const pushed = cacheWith(before)
  const release = startLiveUpdates(pushed)
  await vi.waitFor(() => expect(socket.listeners.has('wallet:updated')).toBe(true))
  socket.push('wallet:updated', renamed)
  release()
  const afterPush = snapshot(pushed)

  const answered = cacheWith(before)
  stubApi(() => ({ status: 200, body: renamed }))
  const outcome = await saveWallet(answered, save)

  expect(outcome).toEqual({ queued: false, result: renamed })
  expect(afterPush.detail).toEqual(renamed)
  expect(afterPush.session).toEqual(renamed)
  // What moved with the wallet is read again, and the wallet itself too (the server has the last word).
  expect(afterPush.rereading).toEqual([detail, transactions, onboarding])
  expect(snapshot(answered)).toEqual(afterPush)
})

test('a push of an unchanged wallet still has its lists read again: a payout paid moves no balance', async () => {
  const wallet = walletOf()
  const queryClient = cacheWith(wallet)
  const payouts = walletQueries.payouts('alice').queryKey
  queryClient.setQueryData(payouts, { items: [], minimum: { amount: 1000, currency: 'EUR' } })
  const release = startLiveUpdates(queryClient)
  await vi.waitFor(() => expect(socket.listeners.has('wallet:updated')).toBe(true))
  socket.push('wallet:updated', walletOf())
  release()
  expect(snapshot(queryClient).rereading).toContainEqual(payouts)
  expect(snapshot(queryClient).detail).toEqual(wallet)
})

test('a refetched wallet equal to the cached one writes nothing more and rereads nothing', async () => {
  const wallet = walletOf()
  const queryClient = cacheWith(wallet)
  const calls = stubApi(() => ({ status: 200, body: wallet }))
  await queryClient.fetchQuery({ ...walletQueries.detail('alice'), staleTime: 0 })
  expect(walletCalls(calls)).toEqual([{ method: 'GET', path: '/api/wallets/user/alice' }])
  expect(snapshot(queryClient)).toEqual({ detail: wallet, session: wallet, rereading: [] })
})

test('a refetched wallet that changed goes through the same writer: its history is read again', async () => {
  const queryClient = cacheWith(walletOf())
  const credited = walletOf({ balance: { amount: 6000, currency: 'EUR' } })
  stubApi(() => ({ status: 200, body: credited }))
  await queryClient.fetchQuery({ ...walletQueries.detail('alice'), staleTime: 0 })
  const after = snapshot(queryClient)
  expect(after.detail).toEqual(credited)
  expect(after.session).toEqual(credited)
  // The detail's own fetch is not asked twice: only the lists it moved are marked.
  expect(after.rereading).toEqual([transactions, onboarding])
})

test('no wallet yet (404) is stored as null, the session’s wallet too', async () => {
  const queryClient = createQueryClient()
  stubApi(() => ({ status: 404, body: { code: 'NOT_FOUND', message: 'This user has no wallet yet' } }))
  expect(await queryClient.fetchQuery(walletQueries.detail('alice'))).toBeNull()
  expect(getSession().wallet).toBeNull()
  storeWallet(queryClient, 'alice', walletOf())
  expect(getSession().wallet).toEqual(walletOf())
})

/** Saves the wallet offline in one app session, which then closes once the queue is in IndexedDB. */
async function saveOfflineThenClose(): Promise<void> {
  const queryClient = createQueryClient()
  registerMutationDefaults(queryClient)
  const stopPersisting = persistUserCache(queryClient, alice.id)
  const calls = stubApi(() => ({ status: 500, body: {} }))
  onlineManager.setOnline(false)
  expect(await saveWallet(queryClient, save)).toEqual({ queued: true })
  expect(calls).toEqual([])
  const [queued] = queryClient.getMutationCache().getAll()
  expect(queued?.state.isPaused).toBe(true)
  // Persisted at once: the user may close the app right after tapping Save.
  await vi.waitFor(() =>
    expect(String(idb.get(cacheKeyFor(alice.id)))).toContain('"offline","wallet","save"'),
  )
  stopPersisting()
}

test('a wallet saved offline waits, paused, in the persisted cache, and is sent once back online', async () => {
  await saveOfflineThenClose()
  const reopened = createQueryClient()
  registerMutationDefaults(reopened)
  await restoreUserCache(reopened, alice.id)
  const [restored] = reopened.getMutationCache().getAll()
  expect(restored?.state.isPaused).toBe(true)
  // With the Idempotency-Key it was queued with (Background Sync may send it too: applied once).
  expect(restored?.state.variables).toEqual({ ...save, idempotencyKey: expect.any(String) })
  expect(describeOfflineMutation(restored?.options.mutationKey, restored?.state.variables)).toBe(
    'Wallet and business details',
  )

  const saved = walletOf({ person: { ...walletOf().person, lastName: 'Byron' } })
  const calls = stubApi(() => ({ status: 200, body: saved }))
  onlineManager.setOnline(true)
  await reopened.resumePausedMutations()
  await reopened.resumePausedMutations()
  expect(walletCalls(calls).filter((call) => call.method === 'PUT')).toHaveLength(1)
  expect(reopened.getQueryData(detail)).toEqual(saved)
  expect(notify).toHaveBeenCalledWith('success', 'Sent: Wallet and business details')
})

test('a queued save refused once back online is reported with the wallet feature’s message', async () => {
  await saveOfflineThenClose()
  const reopened = createQueryClient()
  registerMutationDefaults(reopened)
  await restoreUserCache(reopened, alice.id)
  stubApi(() => ({
    status: 409,
    body: {
      code: 'CONFLICT',
      message: 'This user already has a wallet',
      errors: { errors: ['wallet.exists'] },
    },
  }))
  onlineManager.setOnline(true)
  await reopened.resumePausedMutations()
  expect(notify).toHaveBeenCalledWith(
    'error',
    'Not sent: Wallet and business details: You already have a wallet.',
  )
})
