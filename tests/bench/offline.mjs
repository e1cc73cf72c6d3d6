// Offline reload vs online warm reload (median of 7), catch-up after reconnect, and socket event to
// visible UI change (p50/p95 of 60): measured in Chromium by tests/e2e/offline.e2e.ts against the
// bench build, which prints each figure on a line starting with `[offline]`.
import { spawnSync } from 'node:child_process'
import { root } from './lib/build.mjs'
import { freePort } from './lib/processes.mjs'

export async function offlineBenchmark(distDir) {
  const env = {
    ...process.env,
    E2E_DIST: distDir,
    E2E_PORT: String(await freePort()),
    E2E_OFFLINE_PORT: String(await freePort()),
  }
  delete env.E2E_RUN_DIR
  const result = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', 'tests/e2e/offline.e2e.ts'],
    { cwd: root, env, encoding: 'utf8' },
  )
  const figures = `${result.stdout}\n${result.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('[offline]'))
    .map((line) => `- ${line.slice('[offline] '.length)}`)
  if (result.status !== 0 || figures.length === 0) {
    throw new Error(`the offline run failed (status ${result.status}):\n${result.stdout.slice(-2000)}`)
  }
  const section = [
    '## Offline and live in the browser',
    '',
    ...figures,
    '',
    '- Targets: offline reload ≤ 150 ms median and ≤ 1.3× the online warm reload; socket event',
    '  to UI p95 ≤ 50 ms; a change made while offline visible within 1 s of reconnecting.',
  ].join('\n')
  return { section, series: [] }
}
