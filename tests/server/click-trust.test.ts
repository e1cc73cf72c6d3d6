/**
 * What a click farm tries behind a trusted proxy, seen both through `app.inject()` and over real HTTP
 * against the listening server: rotating IPv6 /64s inside one site, a forwarded address that is no
 * address, and agents that are no browser. A brand pays for what is credited here.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpoint } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { clicksByReason, dealRow, takeMission } from './click-fraud-fixtures'
import { BROWSER_UA } from './deals-fixtures'

let testApp: TestApp
let streamer: TestUser

beforeAll(async () => {
  // The test client is the proxy: every request comes from 127.0.0.1 and names its client.
  testApp = await createTestApp({ listen: true, env: { TRUST_PROXY: '127.0.0.1' } })
  streamer = await makeUser(testApp.app, { username: 'Streamer' })
})

afterAll(async () => {
  await testApp?.close()
})

const app = () => testApp.app

interface Click {
  forwardedFor: string
  ua?: string
}

/** One tracked click through the trusted proxy; answers the status and the brand URL handed back. */
type Transport = (mission: string, click: Click) => Promise<{ status: number; url: string }>

const clickPath = (mission: string) =>
  endpoint('subscriptionCheck', { code: mission, username: streamer.username })
const clickHeaders = (click: Click) => ({
  'user-agent': click.ua ?? BROWSER_UA,
  'x-forwarded-for': click.forwardedFor,
  'content-type': 'application/json',
})

const transports: Record<string, Transport> = {
  inject: async (mission, click) => {
    const response = await app().inject({
      method: 'POST',
      url: clickPath(mission),
      headers: clickHeaders(click),
      payload: { kind: 'cpc' },
    })
    return { status: response.statusCode, url: response.json().url }
  },
  http: async (mission, click) => {
    const response = await fetch(`${testApp.url}${clickPath(mission)}`, {
      method: 'POST',
      headers: clickHeaders(click),
      body: JSON.stringify({ kind: 'cpc' }),
    })
    return { status: response.status, url: (await response.json()).url }
  },
}

const hex = (value: number) => value.toString(16)

for (const [name, send] of Object.entries(transports)) {
  test(`60 clicks from distinct /64s of one IPv6 /48 credit one click (${name})`, async () => {
    const { mission, dealId } = await takeMission(app(), streamer)
    const site = name === 'inject' ? '2001:db8:48' : '2001:db8:49'
    for (let index = 0; index < 60; index += 1) {
      // Spread over the /48's /56s too: a /56 rule would still credit these.
      const answer = await send(mission, { forwardedFor: `${site}:${hex(index * 257)}::${hex(index + 1)}` })
      expect(answer.status).toBe(200)
      expect(answer.url).toContain('brand.example')
    }
    expect((await dealRow(app(), dealId)).progress).toBe(1)
    expect(await clicksByReason(app(), dealId)).toEqual({ valid: 1, duplicate_visitor: 59 })
  })

  test(`one IPv6 /48 gives at most 20 valid clicks a day across deals, whatever its /64s (${name})`, async () => {
    const site = name === 'inject' ? '2001:db8:50' : '2001:db8:51'
    const taken = []
    for (let index = 0; index < 21; index += 1) taken.push(await takeMission(app(), streamer))
    for (const [index, { mission }] of taken.entries()) {
      await send(mission, { forwardedFor: `${site}:${hex(index * 256)}::1` })
    }
    const credited = await Promise.all(
      taken.map(async ({ dealId }) => (await dealRow(app(), dealId)).progress),
    )
    expect(credited.reduce((sum, value) => sum + value, 0)).toBe(20)
    // Another site is another visitor: its click on the same deal counts.
    const last = taken[20]
    if (!last) throw new Error('21 deals were taken')
    await send(last.mission, { forwardedFor: '2001:db8:52::1' })
    expect((await dealRow(app(), last.dealId)).progress).toBe(1)
  })

  test(`a forwarded client address that is no IP address is recorded invalid (${name})`, async () => {
    const { mission, dealId } = await takeMission(app(), streamer)
    const forged = ['not-an-ip', '999.1.1.1', '127.1', '2001:db8::g', 'unknown']
    for (const forwardedFor of [...forged, ...forged]) {
      const answer = await send(mission, { forwardedFor })
      expect(answer.status).toBe(200)
      expect(answer.url).toContain('brand.example')
    }
    expect((await dealRow(app(), dealId)).progress).toBe(0)
    expect(await clicksByReason(app(), dealId)).toEqual({ invalid_address: 10 })
  })

  test(`agents that are no browser are invalid, real browsers and in-app views count (${name})`, async () => {
    const scripts = [
      'node',
      'Deno/2.1.1',
      'Bun/1.1.34',
      'PostmanRuntime/7.42.0',
      'insomnia/10.1.1',
      'got (https://github.com/sindresorhus/got)',
      'reqwest/0.12.9',
      'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8 Build/AP2A.240905.003)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) clicker/1.0.0 Chrome/130.0.6723.118 Electron/33.2.0 Safari/537.36',
      'Mozilla/5.0 zgrab/0.x',
      'Mozilla/5.0',
      '-',
      'a',
      // Shaped like a browser, named as a bot inside: the maintained list knows them.
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Chrome-Lighthouse',
    ]
    const browsers = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      // Twitch's in-app view on an iPhone and on an Android phone, Discord's (the system web view) on Android.
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitch/19.1.0',
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.102 Mobile Safari/537.36 tv.twitch.android.app/19.2.1',
      'Mozilla/5.0 (Linux; Android 14; SM-G991B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36',
    ]
    const { mission, dealId } = await takeMission(app(), streamer)
    const subnet = name === 'inject' ? 10 : 11
    const agents = [...scripts, ...browsers]
    for (const [index, ua] of agents.entries()) {
      const answer = await send(mission, { forwardedFor: `198.51.${subnet}.${index + 1}`, ua })
      expect(answer.url).toContain('brand.example')
    }
    expect(await clicksByReason(app(), dealId)).toEqual({ bot: scripts.length, valid: browsers.length })
  })
}
