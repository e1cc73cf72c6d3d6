/**
 * "Notifications on this device": the browser's permission prompt comes only from the
 * button, the subscription made then is saved with the server's key, and blocked or unsupported
 * browsers get an explanation instead of a button that cannot work.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PushDevices } from '#client/features/push/components/push-devices.tsx'
import { deviceLabel } from '#client/features/push/this-device.ts'
import { stubApi } from './support/deal-fixtures'

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <PushDevices username="ada" />
      </I18nProvider>
    </QueryClientProvider>,
  )

const device = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  deviceLabel: 'Chrome · Android',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSentAt: null,
  current: true,
}

/** A browser with Push: a worker whose pushManager records subscribe calls, and a permission prompt. */
function pushCapableBrowser(permission: NotificationPermission, answer: NotificationPermission) {
  const subscribe = vi.fn(async () => ({
    toJSON: () => ({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    }),
  }))
  const requestPermission = vi.fn(async () => answer)
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', Object.assign(class {}, { permission, requestPermission }))
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { subscribe, getSubscription: async () => null } }) },
  })
  return { subscribe, requestPermission }
}

let saved: unknown[] = []

beforeEach(() => {
  saved = []
  i18n.activate('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

test('the permission is asked only when the button is pressed, then the device is saved', async () => {
  const browser = pushCapableBrowser('default', 'granted')
  let listed = false
  const calls = stubApi((method, path) => {
    if (path === '/api/push/key') return { status: 200, body: { publicKey: 'BAAA' } }
    if (method === 'POST') {
      listed = true
      saved.push(path)
      return { status: 201, body: device }
    }
    return { status: 200, body: { items: listed ? [device] : [] } }
  })
  show()
  const button = await screen.findByRole('button', { name: 'Turn on notifications on this device' })
  expect(browser.requestPermission).not.toHaveBeenCalled()
  await userEvent.click(button)
  expect(browser.requestPermission).toHaveBeenCalledTimes(1)
  // The key is fetched after the permission (the API client loads with the first call): wait for it.
  await vi.waitFor(() =>
    expect(browser.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    ),
  )
  await vi.waitFor(() => expect(saved).toEqual(['/api/push/user/ada/devices']))
  expect(await screen.findByText('Chrome · Android')).toBeTruthy()
  expect(calls.some((call) => call.method === 'POST')).toBe(true)
})

test('a push service out of reach: a spinner while waiting, then after 10 s a message and the button back', async () => {
  const browser = pushCapableBrowser('default', 'granted')
  // The browser's push service never answers (a network that blocks it).
  browser.subscribe.mockImplementation(() => new Promise(() => undefined))
  stubApi((_method, path) =>
    path === '/api/push/key'
      ? { status: 200, body: { publicKey: 'BAAA' } }
      : { status: 200, body: { items: [] } },
  )
  vi.useFakeTimers({ shouldAdvanceTime: true })
  try {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    show()
    const button = await screen.findByRole('button', { name: 'Turn on notifications on this device' })
    await user.click(button)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.querySelector('.spinner')).not.toBeNull()
    expect(screen.getByTestId('push-progress').textContent).toBe('Turning notifications on…')
    await act(() => vi.advanceTimersByTimeAsync(10_500))
    expect((await screen.findByTestId('push-failure')).textContent).toContain(
      'The notification service did not answer within 10 seconds',
    )
    expect((button as HTMLButtonElement).disabled).toBe(false)
    expect(button.getAttribute('aria-busy')).toBe('false')
    expect(screen.getByTestId('push-progress').textContent).toBe('')
  } finally {
    vi.useRealTimers()
  }
})

test('a refused prompt subscribes nothing and explains how to allow notifications', async () => {
  const browser = pushCapableBrowser('default', 'denied')
  stubApi(() => ({ status: 200, body: { items: [] } }))
  show()
  await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }))
  expect(browser.subscribe).not.toHaveBeenCalled()
  expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy()
})

test('a browser without Push says so instead of offering the button', async () => {
  stubApi(() => ({ status: 200, body: { items: [] } }))
  show()
  expect(await screen.findByText(/This browser cannot receive notifications/)).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull()
})

test('devices are named by browser and system', () => {
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  expect(deviceLabel(android)).toBe('Chrome · Android')
  expect(deviceLabel(iphone)).toBe('Safari · iPhone')
})

test('a first visit whose worker is still installing: the device is saved once it is ready, even past 10 s', async () => {
  const browser = pushCapableBrowser('default', 'granted')
  // The worker is still caching the app (a slow phone on its first visit): ready only after 15 s.
  let becomeReady: (() => void) | undefined
  const ready = new Promise((resolve) => {
    becomeReady = () =>
      resolve({ pushManager: { subscribe: browser.subscribe, getSubscription: async () => null } })
  })
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready, getRegistration: async () => ({ installing: {} }) },
  })
  stubApi((method, path) => {
    if (path === '/api/push/key') return { status: 200, body: { publicKey: 'BAAA' } }
    if (method === 'POST') {
      saved.push(path)
      return { status: 201, body: device }
    }
    return { status: 200, body: { items: [] } }
  })
  vi.useFakeTimers({ shouldAdvanceTime: true })
  try {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    show()
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }))
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    becomeReady?.()
    await vi.waitFor(() => expect(saved).toEqual(['/api/push/user/ada/devices']))
    expect(screen.queryByTestId('push-failure')?.textContent ?? '').toBe('')
  } finally {
    vi.useRealTimers()
  }
})
