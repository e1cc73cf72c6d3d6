// `npm test`: everything, in the order that fails fastest — typecheck, lint, unused code, translations, the OpenAPI
// document's lint, unit and integration tests, build, end-to-end in Chromium — then one closing line
// counting every test.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const results = join(import.meta.dirname, '..', 'e2e', '.results')
mkdirSync(results, { recursive: true })
const vitestReport = join(results, 'vitest.json')
const playwrightReport = join(results, 'report.json')
rmSync(vitestReport, { force: true })
rmSync(playwrightReport, { force: true })

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  [
    'unused files, exports and dependencies',
    'npx',
    ['knip', '--config', 'tests/lint/knip.jsonc', '--no-progress'],
  ],
  ['translations', 'npm', ['run', 'i18n:check']],
  ['OpenAPI document lint', 'npx', ['tsx', 'tests/support/lint-openapi.ts']],
  [
    'unit and integration tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`],
  ],
  ['build', 'npm', ['run', 'build']],
  ['chromium', 'node', ['tests/support/ensure-chromium.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts']],
]

const started = Date.now()
let failedStep
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`)
  const stepStart = Date.now()
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? 'true' },
  })
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - stepStart) / 1000).toFixed(1)} s`,
  )
  if (result.status !== 0) {
    failedStep = name
    break
  }
}

function counts() {
  let passed = 0
  let failed = 0
  let skipped = 0
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'))
    passed += report.numPassedTests ?? 0
    failed += report.numFailedTests ?? 0
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  }
  if (existsSync(playwrightReport)) {
    const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {}
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
    failed += stats.unexpected ?? 0
    skipped += stats.skipped ?? 0
  }
  return { passed, failed, skipped }
}

const { passed, failed, skipped } = counts()
console.log(
  `\nAll steps took ${((Date.now() - started) / 1000).toFixed(0)} s${failedStep ? `; stopped at: ${failedStep}` : ''}`,
)
// The plain closing line CI reads; a failed step that ran no test still counts as one failure.
console.log(`Tests: ${passed} passed, ${failed || (failedStep ? 1 : 0)} failed, ${skipped} skipped`)
process.exit(failedStep ? 1 : 0)
