import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { beginTask, isProgressVisible, progressThrottleMs, trackTask } from '#client/lib/progress.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

test('a request shorter than the throttle never shows the bar', async () => {
  const end = beginTask()
  vi.advanceTimersByTime(progressThrottleMs - 10)
  end()
  vi.advanceTimersByTime(1000)
  await vi.dynamicImportSettled()
  expect(isProgressVisible()).toBe(false)
  expect(document.getElementById('nprogress')).toBeNull()
})

test('a request running past the throttle shows the bar until every request ends', async () => {
  const first = beginTask()
  const second = beginTask()
  vi.advanceTimersByTime(progressThrottleMs)
  expect(isProgressVisible()).toBe(true)
  await vi.dynamicImportSettled()
  expect(document.getElementById('nprogress')).not.toBeNull()
  // nprogress positions its bar through a selector that must match our template.
  expect(document.querySelector<HTMLElement>('#nprogress .bar')?.style.transform).toMatch(/translate/)
  first()
  expect(isProgressVisible()).toBe(true)
  second()
  expect(isProgressVisible()).toBe(false)
})

test('a failed request leaves the bar in its failure colour', async () => {
  const failing = trackTask(Promise.reject(new Error('offline')))
  vi.advanceTimersByTime(progressThrottleMs)
  await expect(failing).rejects.toThrow('offline')
  await vi.dynamicImportSettled()
  expect(document.documentElement.classList.contains('progress-failed')).toBe(true)
})
