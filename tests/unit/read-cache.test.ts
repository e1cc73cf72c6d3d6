import { afterEach, expect, test, vi } from 'vitest'
import { GLOBAL_SCOPE, ReadCache } from '#server/lib/read-cache.ts'

const liveCache = (options: Partial<{ maxAgeMs: number; maxBytes: number }> = {}) => {
  const cache = new ReadCache({ maxAgeMs: 60_000, maxBytes: 1_000_000, ...options })
  cache.setLive(true)
  return cache
}

/** A load that counts its calls and answers what `value()` says at the time it is called. */
const counting = <T>(value: () => T) => {
  const load = vi.fn(async () => value())
  return load
}

afterEach(() => vi.useRealTimers())

test('a read is answered from memory until a change of its user is heard', async () => {
  const cache = liveCache()
  let progress = 1
  const load = counting(() => progress)
  expect(await cache.read('user-1', 'deals', load)).toBe(1)
  progress = 2
  expect(await cache.read('user-1', 'deals', load)).toBe(1)
  expect(load).toHaveBeenCalledTimes(1)

  cache.heard('u:user-2')
  expect(await cache.read('user-1', 'deals', load)).toBe(1)
  cache.heard('u:user-1')
  expect(await cache.read('user-1', 'deals', load)).toBe(2)
  expect(load).toHaveBeenCalledTimes(2)
})

test('"*" drops every user and the shared scope, and tells the listeners', async () => {
  const cache = liveCache()
  const cleared = vi.fn()
  cache.onClear(cleared)
  let version = 1
  const load = counting(() => version)
  await cache.read('user-1', 'a', load)
  await cache.read(GLOBAL_SCOPE, 'catalogue', load)
  version = 2
  cache.heard('*')
  expect(cleared).toHaveBeenCalledTimes(1)
  expect(await cache.read('user-1', 'a', load)).toBe(2)
  expect(await cache.read(GLOBAL_SCOPE, 'catalogue', load)).toBe(2)
})

test('a change heard while a load runs is not hidden by that load', async () => {
  const cache = liveCache()
  let release: (value: string) => void = () => undefined
  const slow = () => new Promise<string>((resolve) => (release = resolve))
  const first = cache.read('user-1', 'wallet', slow)
  // The write commits and is announced while the first read is still in the database.
  cache.heard('u:user-1')
  release('before the write')
  expect(await first).toBe('before the write')
  // The next read does not get the answer read before the change.
  expect(await cache.read('user-1', 'wallet', async () => 'after the write')).toBe('after the write')
})

test('concurrent reads of one key share one load, and a failed load is not remembered', async () => {
  const cache = liveCache()
  let calls = 0
  const failing = async () => {
    calls += 1
    throw new Error('database gone')
  }
  const both = await Promise.allSettled([cache.read('u', 'k', failing), cache.read('u', 'k', failing)])
  expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  expect(calls).toBe(1)
  expect(await cache.read('u', 'k', async () => 'back')).toBe('back')
})

test('nothing is served while the feed is down, and nothing from before it came back', async () => {
  const cache = liveCache()
  let version = 1
  const load = counting(() => version)
  await cache.read('user-1', 'deals', load)
  cache.setLive(false)
  version = 2
  // A change made while nobody listened is never announced: memory must not answer.
  expect(await cache.read('user-1', 'deals', load)).toBe(2)
  expect(await cache.read('user-1', 'deals', load)).toBe(2)
  expect(load).toHaveBeenCalledTimes(3)
  cache.setLive(true)
  version = 3
  expect(await cache.read('user-1', 'deals', load)).toBe(3)
})

test('an answer that turns stale with time is served no longer than its own deadline', async () => {
  vi.useFakeTimers({ now: 1_000_000 })
  const cache = liveCache()
  let pending = 500
  const load = counting(() => ({ pending, availableAt: 1_000_000 + 5_000 }))
  const options = { validUntil: (wallet: { availableAt: number }) => wallet.availableAt }
  expect((await cache.read('user-1', 'wallet', load, options)).pending).toBe(500)
  pending = 0
  vi.setSystemTime(1_000_000 + 4_999)
  expect((await cache.read('user-1', 'wallet', load, options)).pending).toBe(500)
  vi.setSystemTime(1_000_000 + 5_000)
  expect((await cache.read('user-1', 'wallet', load, options)).pending).toBe(0)
})

test('no answer outlives the maximum age', async () => {
  vi.useFakeTimers({ now: 0 })
  const cache = liveCache({ maxAgeMs: 1000 })
  let version = 1
  const load = counting(() => version)
  await cache.read('u', 'k', load)
  version = 2
  vi.setSystemTime(999)
  expect(await cache.read('u', 'k', load)).toBe(1)
  vi.setSystemTime(1000)
  expect(await cache.read('u', 'k', load)).toBe(2)
})

test('over its byte budget, the least recently filled users are dropped first', async () => {
  const cache = liveCache({ maxBytes: 250 })
  const weigh = () => 100
  await cache.read('old', 'k', async () => 'old', { weigh })
  await cache.read('middle', 'k', async () => 'middle', { weigh })
  await cache.read('new', 'k', async () => 'new', { weigh })
  expect(cache.bytes).toBeLessThanOrEqual(250)
  const reloads = vi.fn(async () => 'reloaded')
  expect(await cache.read('old', 'k', reloads, { weigh })).toBe('reloaded')
  expect(await cache.read('new', 'k', reloads, { weigh })).toBe('new')
})
