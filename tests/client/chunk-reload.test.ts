import { expect, test, vi } from 'vitest'
import { chunkReloadIntervalMs, isChunkLoadError, reloadForChunkError } from '#client/lib/chunk-reload.ts'

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>()
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) }
}

test('a failed chunk load reloads the page at most once per minute', () => {
  const storage = memoryStorage()
  const reload = vi.fn()
  const start = 1_700_000_000_000
  expect(reloadForChunkError(storage, reload, start)).toBe(true)
  expect(reloadForChunkError(storage, reload, start + chunkReloadIntervalMs - 1)).toBe(false)
  expect(reload).toHaveBeenCalledTimes(1)
  expect(reloadForChunkError(storage, reload, start + chunkReloadIntervalMs)).toBe(true)
  expect(reload).toHaveBeenCalledTimes(2)
})

test('the guard survives in sessionStorage across reloads', () => {
  const reload = vi.fn()
  sessionStorage.clear()
  expect(reloadForChunkError(sessionStorage, reload, 1000)).toBe(true)
  expect(reloadForChunkError(sessionStorage, reload, 2000)).toBe(false)
})

test('dynamic import failures are recognised and ordinary errors are not', () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
    true,
  )
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
  expect(isChunkLoadError(new Error('Request failed with status 500'))).toBe(false)
})

test('offline, a failed chunk is no deploy: nothing reloads (the browser would show its own offline page)', () => {
  const storage = memoryStorage()
  const reload = vi.fn()
  expect(reloadForChunkError(storage, reload, 1000, false)).toBe(false)
  expect(reload).not.toHaveBeenCalled()
  // Nor does it spend the once-a-minute reload: back online, a real deploy still reloads.
  expect(reloadForChunkError(storage, reload, 2000, true)).toBe(true)
  expect(reload).toHaveBeenCalledTimes(1)
})
