// `npm run bench [-- bundle lighthouse api clicks socket offline]`: builds the app into .build/bench, runs the chosen
// benchmarks (all by default) and writes tests/bench/results/report.md with a table per benchmark and
// an SVG chart of the latency distributions. Not part of `npm test`: numbers depend on the machine.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiBenchmark } from './api.mjs'
import { bundleBenchmark } from './bundle.mjs'
import { clicksBenchmark } from './clicks.mjs'
import { buildForBench, root } from './lib/build.mjs'
import { childEnv, freePort, runNode, startServer } from './lib/processes.mjs'
import { latencyChart, resultsDir } from './lib/report.mjs'
import { lighthouseBenchmark } from './lighthouse.mjs'
import { offlineBenchmark } from './offline.mjs'
import { fanoutBenchmark } from './socket-fanout.mjs'

const all = ['bundle', 'lighthouse', 'api', 'clicks', 'socket', 'offline']
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all
for (const name of chosen)
  if (!all.includes(name)) throw new Error(`unknown benchmark "${name}" (have: ${all.join(', ')})`)

const started = Date.now()
const loadBefore = loadavg()[0]
const outDir = join(root, '.build', 'bench')
console.log(`building into ${outDir} ...`)
const build = await buildForBench(outDir, { skipClient: process.env.BENCH_SKIP_CLIENT_BUILD === '1' })

/** The built app on a fresh embedded database, seeded, with a bench user: for the browser benchmarks. */
async function withAppServer(run) {
  const dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-bench-app-'))
  const port = await freePort()
  const env = childEnv({
    DATA_DIR: dataDir,
    CLIENT_DIR: build.clientDir,
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  })
  const user = JSON.parse(await runNode(join(build.serverDir, 'prepare-db.js'), env))
  const server = await startServer(join(build.serverDir, 'index.js'), { port, env })
  try {
    return await run({ ...build, baseUrl: server.url, user })
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const sections = []
const failures = []
async function step(name, run) {
  if (!chosen.includes(name)) return
  console.log(`\n=== ${name} ===`)
  const stepStart = Date.now()
  try {
    const result = await run()
    sections.push(result)
    console.log(result.section)
  } catch (error) {
    failures.push(`${name}: ${error.message}`)
    console.error(`${name} failed:`, error)
  }
  console.log(`=== ${name}: ${((Date.now() - stepStart) / 1000).toFixed(0)} s`)
}

await step('bundle', () => withAppServer((context) => bundleBenchmark(context)))
await step('lighthouse', () => withAppServer((context) => lighthouseBenchmark(context)))
await step('api', () => apiBenchmark(build))
await step('clicks', () => clicksBenchmark(build))
await step('socket', () => fanoutBenchmark(build))
await step('offline', () => offlineBenchmark(outDir))

mkdirSync(resultsDir, { recursive: true })
const series = sections.flatMap((section) => section.series)
if (series.length)
  writeFileSync(join(resultsDir, 'latency.svg'), latencyChart(series, 'Latency by percentile'))
const report = [
  '# Streamdeals benchmarks',
  '',
  `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ` +
    `load average ${loadBefore.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end ` +
    `(${((Date.now() - started) / 60_000).toFixed(1)} min).`,
  '',
  ...sections.map((section) => `${section.section}\n`),
  '',
  ...(series.length ? ['## Latency distributions', '', '![Latency by percentile](latency.svg)', ''] : []),
  '## Not measured yet',
  '',
  '- Offline-ready time after the first visit (the offline run measures reloads, not the first install).',
  ...(failures.length ? ['', '## Failed', '', ...failures.map((failure) => `- ${failure}`)] : []),
  '',
].join('\n')
writeFileSync(join(resultsDir, 'report.md'), report)
console.log(`\nreport: ${join(resultsDir, 'report.md')}`)
process.exit(failures.length ? 1 : 0)
