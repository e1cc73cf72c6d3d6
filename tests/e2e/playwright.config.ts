import { mkdirSync, mkdtempSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs } from './built-server'

// One run directory shared by the runner and its workers (they inherit the environment): the server's
// data, and the mails the local SMTP server receives.
const resultsDir = resolve(import.meta.dirname, '.results')
if (!process.env.E2E_RUN_DIR) {
  mkdirSync(resultsDir, { recursive: true })
  process.env.E2E_RUN_DIR = mkdtempSync(join(resultsDir, 'run-'))
}
const port = Number(process.env.E2E_PORT ?? 4310)
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Per run, so two runs at once (several developers' builds) never delete each other's traces.
  outputDir: join(process.env.E2E_RUN_DIR, 'artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: join(resultsDir, 'report.json') }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded on the retry of a failed test only: recording every test (and keeping the failures')
    // cost a third more CPU and half again the wall time on a two-core machine. Off the CI (no retry),
    // `--trace on` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    cwd: resolve(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      E2E_PORT: String(port),
      E2E_RUN_DIR: process.env.E2E_RUN_DIR,
      E2E_DIST: process.env.E2E_DIST ?? 'dist',
    },
  },
})
