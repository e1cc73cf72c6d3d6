/**
 * API throughput and latency with autocannon (100 connections), each against a bare Fastify hello-world
 * measured in the same run, on the embedded database and on PostgreSQL: the public catalogue
 * GET /api/deals/missions (50 missions), and what every streamer loads on every visit, signed in: the
 * deal list (12 deals in 3 states), the wallet, its transactions (500 ledger entries), the same grouped per
 * deal and day, the wallet summary and the catalogue
 * without the missions already taken.
 */
import { loadavg } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { onPreparedDatabase } from './lib/bench-server.mjs'
import { childEnv, freePort, startServer } from './lib/processes.mjs'
import { ms, saveResult } from './lib/report.mjs'

const CONNECTIONS = 100
const duration = Number(process.env.BENCH_DURATION ?? 10)
// Two seconds of warm-up: JIT, connection pools and caches settle before anything is counted.
const WARMUP_SECONDS = 2

// The targets (README Performance): share of the hello-world's req/s and p99, per database.
const TARGETS = {
  public: { postgres: { ratio: 0.25, p99: 15 }, pglite: { ratio: 0.25, p99: 15 } },
  signedIn: { postgres: { ratio: 0.15, p99: 25 }, pglite: { ratio: 0.08, p99: null } },
}

async function measure(url, headers = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers })
  const load = loadavg()[0]
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers })
  return {
    rps: result.requests.average,
    latency: result.latency,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    load,
  }
}

function runOn(kind, build) {
  return onPreparedDatabase(
    kind,
    { ...build, name: 'api', prepare: 'prepare-db.js' },
    async ({ setup: user, startApp }) => {
      const hello = await startServer(join(import.meta.dirname, 'hello-server.mjs'), {
        port: await freePort(),
        env: childEnv({}),
      })
      const baseline = await measure(`${hello.url}/`)
      await hello.stop()
      const app = await startApp()
      try {
        const signedIn = { authorization: `Bearer ${user.token}` }
        const targets = [
          ['public', `GET /api/deals/missions (${user.missions} missions)`, '/api/deals/missions', {}],
          // What a browser gets: it always asks for a compressed answer, which the server keeps ready.
          [
            'public',
            `GET /api/deals/missions (${user.missions} missions, accept-encoding: br as browsers send)`,
            '/api/deals/missions',
            { 'accept-encoding': 'br, gzip' },
          ],
          [
            'signedIn',
            'GET /api/deals/user/{username}/missions (auth, 12 deals)',
            `/api/deals/user/${user.username}/missions`,
            signedIn,
          ],
          [
            'signedIn',
            'GET /api/wallets/user/{username} (auth)',
            `/api/wallets/user/${user.username}`,
            signedIn,
          ],
          [
            'signedIn',
            `GET /api/wallets/user/{username}/transactions (auth, ${user.ledgerEntries} entries)`,
            `/api/wallets/user/${user.username}/transactions`,
            signedIn,
          ],
          [
            'signedIn',
            `GET /api/wallets/user/{username}/activity (auth, ${user.ledgerEntries} entries grouped per deal and day)`,
            `/api/wallets/user/${user.username}/activity?tz=Europe/Paris`,
            signedIn,
          ],
          [
            'signedIn',
            'GET /api/wallets/user/{username}/summary (auth)',
            `/api/wallets/user/${user.username}/summary?tz=Europe/Paris`,
            signedIn,
          ],
          [
            'signedIn',
            'GET /api/deals/missions?exclude_current_user=1 (auth)',
            '/api/deals/missions?exclude_current_user=1',
            signedIn,
          ],
        ]
        const measured = []
        for (const [group, label, path, headers] of targets) {
          measured.push({ group, label, ...(await measure(`${app.url}${path}`, headers)) })
        }
        return { kind, baseline, measured }
      } finally {
        await app.stop()
      }
    },
  )
}

const percentilePoints = (latency) => [
  [0, latency.min],
  [25, latency.p25],
  [50, latency.p50],
  [75, latency.p75],
  [90, latency.p90],
  [97.5, latency.p97_5],
  [99, latency.p99],
  [99.9, latency.p99_9],
]

export async function apiBenchmark(build) {
  const rows = []
  const series = []
  const notes = [
    `${CONNECTIONS} connections, ${duration} s per target after ${WARMUP_SECONDS} s of warm-up; req/s is autocannon's average.`,
    'Ratio = route req/s ÷ hello-world req/s of the same database run. Targets: public catalogue ≥ 25% and ' +
      'p99 ≤ 15 ms; signed-in reads ≥ 15% and p99 ≤ 25 ms on PostgreSQL, ≥ 8% on the embedded database; 0 errors.',
    'Load is the 1-minute load average when the target was measured (the machine may be shared).',
  ]
  const data = {}
  for (const kind of ['pglite', 'postgres']) {
    const result = await runOn(kind, build)
    data[kind] = result
    if (result.skipped) {
      notes.push(`${kind}: skipped — ${result.skipped}`)
      continue
    }
    const line = (label, measured, target) => {
      const ratio = measured.rps / result.baseline.rps
      const failures = measured.non2xx + measured.errors
      const met =
        target &&
        ratio >= target.ratio &&
        (target.p99 === null || measured.latency.p99 <= target.p99) &&
        failures === 0
      return [
        kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
        label,
        Math.round(measured.rps),
        target ? `${(ratio * 100).toFixed(1)}%` : '100%',
        ms(measured.latency.p50),
        ms(measured.latency.p99),
        failures,
        target
          ? `≥ ${target.ratio * 100}%${target.p99 === null ? '' : `, p99 ≤ ${target.p99} ms`}: ${met ? 'met' : 'NOT met'}`
          : '',
        measured.load.toFixed(1),
      ]
    }
    rows.push(line('hello-world (bare Fastify)', result.baseline, null))
    for (const measured of result.measured) {
      rows.push(line(measured.label, measured, TARGETS[measured.group][kind]))
      series.push({ label: `${kind} ${measured.label}`, points: percentilePoints(measured.latency) })
    }
  }
  return saveResult('api', {
    title: 'API: autocannon, 100 connections',
    columns: ['Database', 'Target', 'req/s', 'vs hello', 'p50', 'p99', 'non-2xx/errors', 'goal', 'load'],
    rows,
    notes,
    data,
    series,
  })
}
