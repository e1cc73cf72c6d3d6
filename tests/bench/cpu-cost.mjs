// `node tests/bench/cpu-cost.mjs [pglite|postgres] [target]`: CPU time of the server process per request
// (user + sys from /proc, Linux only) for a fixed number of requests at 20 connections, against a bare
// Fastify hello-world. Unlike req/s and latency, this hardly moves when the machine is busy (other
// processes take wall time, not the server's CPU time), so it compares changes made on a shared machine.
// The ratio hello-world µs ÷ route µs is what the route's share of hello-world throughput would be on an
// idle machine with the CPU as the limit. PostgreSQL: BENCH_PG (default database `cpubench`, recreated).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { buildForBench, root } from './lib/build.mjs'
import { childEnv, freePort, runNode, startServer } from './lib/processes.mjs'

const build = await buildForBench(join(root, '.build', 'bench'), { skipClient: true })
const serverDir = build.serverDir
const kind = process.argv[2] ?? 'pglite'
const only = process.argv[3]
const N = Number(process.env.N ?? 6000)
const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return Number(fields[11]) + Number(fields[12]) // utime + stime, in clock ticks (10 ms)
}
async function cost(server, path, headers = {}) {
  const url = `${server.url}${path}`
  await autocannon({ url, connections: 20, amount: 1000, headers })
  const before = ticks(server.child.pid)
  const result = await autocannon({ url, connections: 20, amount: N, headers })
  const after = ticks(server.child.pid)
  return {
    us: ((after - before) * 10_000) / N,
    errors: result.errors + result.non2xx,
    p99: result.latency.p99,
    bytes: Math.round(result.throughput.total / N),
  }
}
const dataDir = mkdtempSync(join(tmpdir(), 'cpu-bench-'))
const pgUrl = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/cpubench'
if (kind === 'postgres') {
  const url = new URL(pgUrl)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.query(`create database "${name}"`)
  await admin.end()
}
const env = childEnv({
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  HOST: '127.0.0.1',
  CLIENT_DIR: build.clientDir,
  ...(kind === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
})
const user = JSON.parse(await runNode(join(serverDir, 'prepare-db.js'), env))
const hello = await startServer(join(import.meta.dirname, 'hello-server.mjs'), {
  port: await freePort(),
  env: childEnv({}),
})
const base = await cost(hello, '/')
await hello.stop()
console.log(`hello-world ${base.us.toFixed(0)} µs/request`)
const port = await freePort()
const app = await startServer(join(serverDir, 'index.js'), {
  port,
  env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}` },
})
const auth = { authorization: `Bearer ${user.token}` }
const targets = [
  ['catalogue', '/api/deals/missions', {}],
  ['deal list', `/api/deals/user/${user.username}/missions`, auth],
  ['wallet', `/api/wallets/user/${user.username}`, auth],
  ['transactions', `/api/wallets/user/${user.username}/transactions`, auth],
  ['signed-in catalogue', '/api/deals/missions?exclude_current_user=1', auth],
  ['grouped history', `/api/wallets/user/${user.username}/activity?tz=Europe/Paris`, auth],
  ['summary', `/api/wallets/user/${user.username}/summary?tz=Europe/Paris`, auth],
]
for (const [name, path, headers] of targets) {
  if (only && !name.includes(only)) continue
  const r = await cost(app, path, headers)
  console.log(
    `${name.padEnd(20)} ${r.us.toFixed(0).padStart(6)} µs/request = ${((100 * base.us) / r.us).toFixed(1)}% of hello-world (errors ${r.errors}, p99 ${r.p99} ms, ${r.bytes} B)`,
  )
}
await app.stop()
rmSync(dataDir, { recursive: true, force: true })
