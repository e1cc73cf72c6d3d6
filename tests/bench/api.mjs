/**
 * API throughput and latency with autocannon (100 connections): GET /api/deals/missions (50 missions)
 * and the authenticated GET /api/deals/user/{username}/missions, each against a bare Fastify
 * hello-world measured in the same run, on the embedded database and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { childEnv, freePort, runNode, startServer } from './lib/processes.mjs'
import { ms, saveResult } from './lib/report.mjs'

const CONNECTIONS = 100
const duration = Number(process.env.BENCH_DURATION ?? 10)
// Two seconds of warm-up: JIT, connection pools and caches settle before anything is counted.
const WARMUP_SECONDS = 2
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

async function measure(url, headers = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers })
  return {
    rps: result.requests.average,
    latency: result.latency,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  }
}

/** A fresh bench database on the PostgreSQL server, or null (with the reason) when none answers. */
async function postgresDatabase() {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES
  const name = `streamdeals_bench_${Date.now().toString(36)}`
  const client = new pg.Client({ connectionString: serverUrl })
  try {
    await client.connect()
    await client.query(`create database ${name}`)
  } catch (error) {
    return { skipped: `PostgreSQL at ${serverUrl} is not usable: ${error.message}` }
  } finally {
    await client.end().catch(() => undefined)
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

async function runOn(kind, { serverDir, clientDir }) {
  const dataDir = mkdtempSync(join(tmpdir(), `streamdeals-bench-${kind}-`))
  const postgres = kind === 'postgres' ? await postgresDatabase() : null
  if (postgres?.skipped) return { kind, skipped: postgres.skipped }
  const env = childEnv({
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  })
  try {
    const user = JSON.parse(await runNode(join(serverDir, 'prepare-db.js'), env))
    const hello = await startServer(join(import.meta.dirname, 'hello-server.mjs'), {
      port: await freePort(),
      env: childEnv({}),
    })
    const baseline = await measure(`${hello.url}/`)
    await hello.stop()
    const port = await freePort()
    const app = await startServer(join(serverDir, 'index.js'), {
      port,
      env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` },
    })
    try {
      const missions = await measure(`${app.url}/api/deals/missions`)
      const userMissions = await measure(`${app.url}/api/deals/user/${user.username}/missions`, {
        authorization: `Bearer ${user.token}`,
      })
      return { kind, missionsCount: user.missions, baseline, missions, userMissions }
    } finally {
      await app.stop()
    }
  } finally {
    await postgres?.drop?.()
    rmSync(dataDir, { recursive: true, force: true })
  }
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
    'Ratio = route req/s ÷ hello-world req/s of the same database run (target ≥ 15%, p99 ≤ 10 ms on PostgreSQL).',
  ]
  const data = {}
  for (const kind of ['pglite', 'postgres']) {
    const result = await runOn(kind, build)
    data[kind] = result
    if (result.skipped) {
      notes.push(`${kind}: skipped — ${result.skipped}`)
      continue
    }
    const line = (label, measured) => [
      kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
      label,
      Math.round(measured.rps),
      measured === result.baseline ? '100%' : `${((measured.rps / result.baseline.rps) * 100).toFixed(1)}%`,
      ms(measured.latency.p50),
      ms(measured.latency.p99),
      measured.non2xx + measured.errors,
    ]
    rows.push(line('hello-world (bare Fastify)', result.baseline))
    rows.push(line(`GET /api/deals/missions (${result.missionsCount} missions)`, result.missions))
    rows.push(line('GET /api/deals/user/{username}/missions (auth)', result.userMissions))
    series.push({ label: `${kind} missions`, points: percentilePoints(result.missions.latency) })
    series.push({ label: `${kind} user missions`, points: percentilePoints(result.userMissions.latency) })
  }
  return saveResult('api', {
    title: 'API: autocannon, 100 connections',
    columns: ['Database', 'Target', 'req/s', 'vs hello', 'p50', 'p99', 'non-2xx/errors'],
    rows,
    notes,
    data,
    series,
  })
}
