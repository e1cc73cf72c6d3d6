/**
 * Web Push in Chromium. Headless Chromium cannot reach a real push service, so
 * the test stands in for the browser's push service only: an init script makes
 * `PushManager.prototype.subscribe` answer a subscription to a loopback stand-in, with keys the test
 * made. Everything else is the app's: the permission (granted by the test) is asked when the
 * streamer presses the button on the account page, the subscription is saved, an admin finishes
 * the deal, and the stand-in receives the message, VAPID-signed and encrypted for that device, which
 * the test decrypts to the French text.
 */
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test'
import {
  browserKeys,
  decryptedMessage,
  type PushService,
  startPushService,
  verifiedVapidClaims,
} from '../server/push-fixtures'
import { adminAuth, fixed, signUp } from './offline-support'
import { storeSession } from './stored-session'

const port = Number(process.env.E2E_PORT ?? 4310)
const base = `http://127.0.0.1:${port}`
// serve.mjs allows this one loopback origin as a push service (PUSH_ALLOWED_ORIGINS).
const pushPort = port + 1000

let service: PushService
let api: APIRequestContext

test.beforeAll(async () => {
  service = await startPushService(pushPort)
  api = await playwrightRequest.newContext({ baseURL: base })
})

test.afterAll(async () => {
  await api?.dispose()
  await service?.close()
})

test('a streamer turns notifications on; a deal an admin finishes reaches that device, in French', async ({
  page,
  context,
}) => {
  const streamer = await signUp(api, 'push')
  const keys = browserKeys()
  const endpoint = `${service.origin}/push/${streamer.username}`
  await context.addCookies([{ name: 'i18n_cookie', value: 'fr', url: base }])
  await context.grantPermissions(['notifications'], { origin: base })
  await storeSession(context, streamer.token, streamer.user)
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null
      const subscription = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null
          return true
        },
      } as unknown as PushSubscription
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey
        ;(window as unknown as { pushKeyUsed: string }).pushKeyUsed = key
          ? btoa(String.fromCharCode(...new Uint8Array(key as ArrayBuffer)))
          : ''
        current = subscription
        return subscription
      }
      PushManager.prototype.getSubscription = async () => current
    },
    { endpoint, p256dh: keys.p256dh, auth: keys.auth },
  )

  const taken = await api.post(`/api/deals/subscriptions/${fixed.code}/${streamer.username}`, {
    headers: streamer.auth,
  })
  expect(taken.status()).toBe(201)
  const dealCode = (await taken.json()).code as string

  await page.goto('/dashboard/account')
  await expect(page.getByRole('heading', { name: 'Notifications sur cet appareil' })).toBeVisible()
  await page.getByRole('button', { name: 'Activer les notifications sur cet appareil' }).click()
  await expect(page.getByText('(cet appareil)')).toBeVisible()
  await expect(page.getByText('Les notifications sont activées sur cet appareil.')).toBeVisible()

  const publicKey = (await (await api.get('/api/push/key')).json()).publicKey as string
  const keyUsed = await page.evaluate(() => (window as unknown as { pushKeyUsed: string }).pushKeyUsed)
  expect(Buffer.from(keyUsed, 'base64').toString('base64url')).toBe(publicKey)

  const finished = await api.put(`/api/admin/deals/${dealCode}/state`, {
    headers: await adminAuth(api),
    data: { state: 'finished' },
  })
  expect(finished.status()).toBe(200)

  const path = `/push/${streamer.username}`
  await expect.poll(() => service.requests.filter((request) => request.path === path).length).toBe(1)
  const [request] = service.requests.filter((entry) => entry.path === path)
  if (!request) throw new Error('the push service received nothing')
  expect(verifiedVapidClaims(request, publicKey).aud).toBe(service.origin)
  expect(decryptedMessage(request, keys)).toEqual({
    title: 'Deal terminé',
    body: 'Pack créateur Starfall\u202f: objectif atteint. 50,00\u00a0€ ajoutés à vos gains.',
    url: `/dashboard/deal/finished/${dealCode}`,
    tag: `deal-${dealCode}`,
  })
})
