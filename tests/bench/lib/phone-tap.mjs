/**
 * A viewer's tap on a phone: how long from following a tracked link to the browser asking for the
 * brand's page, in Chromium with a phone's profile through the DevTools protocol (150 ms round trip,
 * 1.6 Mbps down, 750 kbps up, the CPU slowed 4×), against a bare 302 answered by a minimal node:http
 * server on the same machine with the same profile. The brand's page itself is answered by the bench
 * (never the network), so only the redirect differs. Taps alternate between the two, each on a new
 * page with the cache off, from an address of its own (X-Forwarded-For through the trusted proxy).
 */
import { createServer } from 'node:http'
import { launchBrowser } from './browser.mjs'

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const PROFILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}
const CPU_SLOWDOWN = 4
const BRAND = 'https://brand.example/'

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** A bare 302 to the brand's page: the floor any redirect has on this machine and profile. */
async function bareRedirect() {
  const server = createServer((_request, response) => {
    response.writeHead(302, { location: `${BRAND}go?ref=bare`, 'cache-control': 'no-store' })
    response.end()
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${server.address().port}/redir`, close: () => server.close() }
}

/** Milliseconds from the tap to the request for the brand's page. */
async function timeTap(context, url, address) {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILE })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': address })
    let started = 0
    const reached = new Promise((resolve) =>
      page.on('request', (request) => {
        if (request.url().startsWith(BRAND)) resolve(performance.now() - started)
      }),
    )
    started = performance.now()
    // The brand's page is the end: its request is what is timed, whatever its navigation does after.
    const navigation = page.goto(url, { waitUntil: 'commit' }).catch(() => undefined)
    const elapsed = await reached
    await navigation
    return elapsed
  } finally {
    await page.close()
  }
}

/** Median tap → brand-page request on the phone profile, ours and the bare 302's, over `rounds` taps each. */
export async function phoneTaps(trackedUrl, { rounds = 7, addressOf }) {
  const bare = await bareRedirect()
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } })
    await context.route(`${BRAND}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Brand</title>' }),
    )
    const ours = []
    const floor = []
    // One of each first, not counted: the browser's own start-up.
    await timeTap(context, bare.url, addressOf(0))
    await timeTap(context, trackedUrl, addressOf(1))
    for (let round = 0; round < rounds; round += 1) {
      floor.push(await timeTap(context, bare.url, addressOf(2 + 2 * round)))
      ours.push(await timeTap(context, trackedUrl, addressOf(3 + 2 * round)))
    }
    return { oursMs: median(ours), bareMs: median(floor), ours, bare: floor }
  } finally {
    await browser.close()
    bare.close()
  }
}
