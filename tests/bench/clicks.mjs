/**
 * Tracked clicks in a burst, on PostgreSQL and on the embedded database: one cpc mission taken by 40
 * streamers, BENCH_CLICKS taps (10,000 by default) from distinct addresses (X-Forwarded-For through
 * TRUST_PROXY=127.0.0.1), 100 at once, a browser's User-Agent, the 40 usernames in turn. Measured
 * against /healthz by the same client in the same run; then how long after the burst every click taken
 * in is settled (the server's own metrics), the settlement lag, and the money (the database, once the
 * server has stopped). The click path is the server's redirect `GET /redir/cpc/{code}/{username}` when
 * it answers 302; otherwise the API call the client app makes for that address today
 * (`POST /api/deals/subscriptions/check/{code}/{username}`, `{ kind: 'cpc' }`), labelled "before".
 * BENCH_CLICKS_BEFORE=<a saved clicks-*.json> prints a before/after table.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { onPreparedDatabase } from './lib/bench-server.mjs'
import { comparison, DATABASES, row, TARGETS } from './lib/clicks-report.mjs'
import { phoneTaps } from './lib/phone-tap.mjs'
import { histogramQuantile, metricValue, parseMetrics } from './lib/prometheus.mjs'
import { resultsDir, saveResult } from './lib/report.mjs'

const CONNECTIONS = 100
const taps = Number(process.env.BENCH_CLICKS ?? 10_000)
// Taps before the measured burst, from other addresses: JIT and connection pools settle first.
const warmupTaps = Number(process.env.BENCH_CLICKS_WARMUP ?? Math.min(500, Math.ceil(taps / 10)))
// Settling taking longer than this is reported as not settled rather than waited for.
const SETTLE_TIMEOUT_MS = 60_000
const POLL_MS = 50
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef0123'
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const HEALTHZ_SECONDS = Number(process.env.BENCH_HEALTHZ_SECONDS ?? 5)

/** Tap `i`'s address: one per tap, public-looking (11.0.0.0/8), never a visitor twice. */
const addressOf = (i) => `11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

/** autocannon requests: each one the next tap, on the redirect or on today's API call. */
function tapRequests(path, setup, counter) {
  const { mission, usernames } = setup
  return [
    {
      setupRequest(request) {
        const i = counter.next++
        const username = usernames[i % usernames.length]
        const headers = { 'user-agent': BROWSER_UA, 'x-forwarded-for': addressOf(i) }
        if (path === 'redirect')
          return {
            ...request,
            method: 'GET',
            path: `/redir/cpc/${mission}/${username}`,
            headers,
            body: undefined,
          }
        return {
          ...request,
          method: 'POST',
          path: `/api/deals/subscriptions/check/${mission}/${username}`,
          headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
          body: '{"kind":"cpc"}',
        }
      },
    },
  ]
}

/**
 * Runs one autocannon burst; req/s from its start to its last answer. autocannon's own duration is
 * whole seconds, and it ends a counted run on its one-second tick: a 10,000-tap burst answered in
 * 2.2 s took 3 s of wall time, which capped every rate between 3,333 and 5,000 req/s at 3,3xx.
 */
async function burst(run) {
  const started = performance.now()
  let lastAnswer = started
  const tracker = run()
  tracker.on('response', () => {
    lastAnswer = performance.now()
  })
  const result = await tracker
  return summary(result, (lastAnswer - started) / 1000)
}

function summary(result, seconds) {
  const statuses = result.statusCodeStats ?? {}
  const bad = Object.entries(statuses)
    .filter(([code]) => !/^[23]/.test(code))
    .reduce((sum, [, stat]) => sum + stat.count, 0)
  return {
    rps: result.requests.total / seconds,
    seconds,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors too: `errors` is the total, `timeouts` a part of it.
    errors: result.errors,
    timeouts: result.timeouts,
    bad,
    statuses: Object.fromEntries(Object.entries(statuses).map(([code, stat]) => [code, stat.count])),
  }
}

async function scrape(url) {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  return response.ok ? parseMetrics(await response.text()) : null
}

const clickFigures = (samples) => ({
  received: metricValue(samples, 'streamdeals_clicks_received_total'),
  settled: metricValue(samples, 'streamdeals_clicks_settled_total'),
  backlog: metricValue(samples, 'streamdeals_click_settlement_backlog'),
})

/** Polls the metrics until every click taken in is settled; seconds after the burst, or null. */
async function waitSettled(url, burstEnd) {
  for (;;) {
    const samples = await scrape(url)
    if (!samples) return { seconds: null, samples: null }
    const figures = clickFigures(samples)
    if (figures.received > 0 && figures.settled >= figures.received && figures.backlog === 0)
      return { seconds: (Date.now() - burstEnd) / 1000, samples, figures }
    if (Date.now() - burstEnd > SETTLE_TIMEOUT_MS) return { seconds: null, samples, figures }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

function runOn(kind, build) {
  const options = {
    ...build,
    name: 'clicks',
    prepare: 'prepare-clicks.js',
    env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN },
  }
  return onPreparedDatabase(kind, options, async ({ setup, startApp, runPrepare }) => {
    const app = await startApp()
    let measured
    try {
      // Which click path this build has: the server's redirect answers 302 by itself.
      const counter = { next: 0 }
      const probe = await fetch(`${app.url}/redir/cpc/${setup.mission}/${setup.usernames[0]}`, {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': addressOf(counter.next++) },
      })
      const path = probe.status === 302 ? 'redirect' : 'api'
      const hit = (amount) =>
        autocannon({
          url: app.url,
          connections: Math.min(CONNECTIONS, amount),
          amount,
          requests: tapRequests(path, setup, counter),
        })
      await autocannon({ url: `${app.url}/healthz`, connections: CONNECTIONS, amount: 2000 })
      // For a set time, not a count: 10,000 health checks take about a second.
      const healthz = await burst(() =>
        autocannon({ url: `${app.url}/healthz`, connections: CONNECTIONS, duration: HEALTHZ_SECONDS }),
      )
      if (warmupTaps > 0) await hit(warmupTaps)
      const before = (await scrape(app.url)) ?? []
      const load = loadavg()[0]
      const clicks = await burst(() => hit(taps))
      const settle = await waitSettled(app.url, Date.now())
      const lag =
        settle.samples &&
        histogramQuantile(0.95, settle.samples, before, 'streamdeals_click_settlement_lag_seconds')
      // Once the raid is settled: a viewer's tap on a phone, against a bare 302 (BENCH_CLICKS_PHONE=0 skips it).
      const phone =
        path === 'redirect' && process.env.BENCH_CLICKS_PHONE !== '0'
          ? await phoneTaps(`${app.url}/redir/cpc/${setup.mission}/${setup.usernames[0]}`, {
              addressOf: (i) => `12.0.${(i >> 8) & 255}.${i & 255}`,
            }).catch((error) => ({ error: String(error) }))
          : null
      measured = {
        phone,
        path,
        probeStatus: probe.status,
        healthz,
        clicks,
        settle,
        lag,
        load,
        tapsSent: counter.next,
      }
    } finally {
      await app.stop()
    }
    const money = JSON.parse(await runPrepare({ BENCH_CLICKS_MODE: 'check' }))
    const { settle, ...rest } = measured
    return { kind, taps, warmupTaps, ...rest, settled: { seconds: settle.seconds, ...settle.figures }, money }
  })
}

export async function clicksBenchmark(build) {
  const data = {}
  const rows = []
  const notes = [
    `${taps} taps after ${warmupTaps} warm-up taps, ${CONNECTIONS} at once, each from its own address (X-Forwarded-For, ` +
      'TRUST_PROXY=127.0.0.1), a browser User-Agent, 40 streamers in turn; /healthz measured by the same client ' +
      `for ${HEALTHZ_SECONDS} s before the burst.`,
    `Targets: ≥ ${TARGETS.ratio * 100}% of /healthz req/s, p99 ≤ ${TARGETS.p99} ms (beside it, /healthz's own p99 under the same 100 connections), 0 errors or statuses other than 2xx/3xx; ` +
      `every click settled ≤ ${TARGETS.settleSeconds} s after the burst; settlement lag p95 ≤ ${TARGETS.lagP95} s ` +
      '(from the server metrics, bucket-interpolated). Load is the 1-minute load average as the burst started.',
  ]
  // BENCH_CLICKS_DATABASES=postgres (or pglite) runs one of them only.
  const kinds = (process.env.BENCH_CLICKS_DATABASES ?? Object.keys(DATABASES).join(',')).split(',')
  for (const kind of kinds) {
    const result = await runOn(kind, build)
    data[kind] = result
    if (result.skipped) notes.push(`${kind}: skipped — ${result.skipped}`)
    else rows.push(row(result))
    if (result.phone?.error)
      notes.push(`${kind}: the phone's tap could not be measured: ${result.phone.error}`)
    else if (result.phone)
      notes.push(
        `${kind}: a phone's tap (150 ms RTT, 1.6 Mbps, CPU 4× slower, Chromium) to the brand page's request: ` +
          `median ${result.phone.oursMs.toFixed(0)} ms through /redir/cpc, ${result.phone.bareMs.toFixed(0)} ms through a bare 302 ` +
          `(${(result.phone.oursMs / result.phone.bareMs).toFixed(2)}×, target ≤ 1.2×; taps: ${result.phone.ours.map((v) => v.toFixed(0)).join(', ')} / ${result.phone.bare.map((v) => v.toFixed(0)).join(', ')} ms).`,
      )
    if (result.path === 'api' && !notes.some((note) => note.startsWith('Before:')))
      notes.push(
        'Before: the API click call settles inside the request, so nothing is left once the burst ends and ' +
          'the lag is the answer time on the server (queueing included).',
      )
  }
  const beforePath = process.env.BENCH_CLICKS_BEFORE
  if (beforePath) {
    const previous = JSON.parse(readFileSync(beforePath, 'utf8')).data ?? {}
    notes.push(`Before/after (before: ${beforePath}):\n\n${comparison(previous, data)}\n`)
  }
  const saved = saveResult('clicks', {
    title: `Tracked clicks: ${taps} taps, ${CONNECTIONS} at once`,
    columns: [
      'Database',
      'click path',
      'req/s',
      'vs /healthz',
      'p50',
      'p99',
      'errors/bad status',
      'backlog settled',
      'lag p95',
      'money',
      'load',
    ],
    rows,
    notes,
    data,
  })
  // A copy that a later run does not overwrite: the "before" of the next comparison.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  writeFileSync(join(resultsDir, `clicks-${stamp}.json`), readFileSync(join(resultsDir, 'clicks.json')))
  console.log(`clicks result kept as ${join(resultsDir, `clicks-${stamp}.json`)}`)
  return saved
}
