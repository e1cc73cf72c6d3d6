/**
 * The service worker's push handlers in a worker-like fake: an event target
 * standing for the worker's global scope, with a registration that records notifications and
 * clients that record focus, navigation and new windows.
 */
import { expect, test } from 'vitest'
import { appUrl, installPushHandlers } from '#client/sw/push.ts'

const ORIGIN = 'https://app.example'

interface FakeWindow {
  url: string
  focused: boolean
  navigatedTo: string[]
}

function fakeWorker(windows: FakeWindow[] = [], badge: number[] = []) {
  const target = new EventTarget()
  const shown: { title: string; options: NotificationOptions }[] = []
  const opened: string[] = []
  const scope = Object.assign(target, {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options })
      },
    },
    clients: {
      matchAll: async () =>
        windows.map((window) => ({
          url: window.url,
          focus: async () => {
            window.focused = true
            return { navigate: async (url: string) => void window.navigatedTo.push(url) }
          },
        })),
      openWindow: async (url: string) => void opened.push(url),
    },
  }) as unknown as ServiceWorkerGlobalScope
  installPushHandlers(scope, async (count) => badge.push(count))

  /** Dispatches an extendable event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, fields: object) => {
    const pending: Promise<unknown>[] = []
    const event = Object.assign(new Event(type), fields, {
      waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
    })
    target.dispatchEvent(event)
    await Promise.all(pending)
  }
  return { shown, opened, dispatch }
}

const pushData = (value: unknown) => ({ data: { json: () => value } })

const message = {
  title: 'Deal terminé',
  body: 'Lancement Starfall : objectif atteint. 15,00 € ajoutés à vos gains.',
  url: '/dashboard/deal/finished/AB12CD',
  tag: 'deal-AB12CD',
}

test('a push shows the localized notification the server wrote, with the page to open', async () => {
  const worker = fakeWorker()
  await worker.dispatch('push', pushData(message))
  expect(worker.shown).toEqual([
    {
      title: 'Deal terminé',
      options: expect.objectContaining({
        body: message.body,
        tag: 'deal-AB12CD',
        data: { url: '/dashboard/deal/finished/AB12CD' },
      }),
    },
  ])
})

test('an unreadable push still shows a notification (the browser requires one)', async () => {
  const worker = fakeWorker()
  await worker.dispatch('push', {
    data: {
      json: () => {
        throw new SyntaxError('not JSON')
      },
    },
  })
  expect(worker.shown.map((entry) => entry.title)).toEqual(['Streamdeals'])
})

const click = (url: unknown) => {
  const state = { closed: false }
  const close = () => {
    state.closed = true
  }
  return { fields: { notification: { data: { url }, close } }, closed: () => state.closed }
}

test('a click focuses the open app and takes it to the notification’s page', async () => {
  const open: FakeWindow = { url: `${ORIGIN}/dashboard/account`, focused: false, navigatedTo: [] }
  const worker = fakeWorker([{ url: 'https://elsewhere.example/', focused: false, navigatedTo: [] }, open])
  const event = click('/dashboard/deal/finished/AB12CD')
  await worker.dispatch('notificationclick', event.fields)
  expect(event.closed()).toBe(true)
  expect(open.focused).toBe(true)
  expect(open.navigatedTo).toEqual([`${ORIGIN}/dashboard/deal/finished/AB12CD`])
  expect(worker.opened).toEqual([])
})

test('a click with no window open opens the app on that page', async () => {
  const worker = fakeWorker()
  await worker.dispatch('notificationclick', click('/dashboard/deal/payment').fields)
  expect(worker.opened).toEqual([`${ORIGIN}/dashboard/deal/payment`])
})

test('a notification never opens another site', () => {
  expect(appUrl('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/dashboard/deal/inprogress`)
  expect(appUrl('//evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/dashboard/deal/inprogress`)
  expect(appUrl('/dashboard/wallet', ORIGIN)).toBe(`${ORIGIN}/dashboard/wallet`)
})

test('deal and money notifications count on the app icon’s badge; a certification verdict does not', async () => {
  const badge: number[] = []
  const worker = fakeWorker([], badge)
  await worker.dispatch('push', pushData(message))
  await worker.dispatch('push', pushData({ ...message, tag: 'payout' }))
  await worker.dispatch('push', pushData({ ...message, tag: 'certification' }))
  expect(worker.shown).toHaveLength(3)
  expect(badge).toEqual([1, 1])
})
