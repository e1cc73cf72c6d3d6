/**
 * Lighthouse (the npm package) in headless Debian Chromium, default mobile simulation, performance
 * category only, five runs per page; the table shows the median of each number. The public pages
 * are audited as a visitor sees them, and the dashboard as the bench user sees it, signed in (the
 * header's late "Install the app" offer must shift nothing there: CLS 0).
 *
 * One page alone, outside the bench: `node tests/bench/lighthouse.mjs <base url> <path> [user.json]`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath, signedInStorage } from './lib/browser.mjs'
import { saveResult } from './lib/report.mjs'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (process.argv[1] === import.meta.filename ? 1 : 5))
const pages = [
  { path: '/', signedIn: false },
  { path: '/faq', signedIn: false },
  { path: '/terms', signedIn: false },
  { path: '/dashboard/deal', signedIn: true },
]
const metrics = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/**
 * Before each run of a signed-in page: the origin's data is cleared (each run starts cold, as
 * Lighthouse's own storage reset would do) and the session is stored in localStorage, from a
 * same-origin address that is not the app (robots.txt), so no service worker is installed before
 * the audit. Lighthouse then runs with its storage reset off, or it would sign the user out.
 */
async function storeSessionBeforeRun(port, url, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const tab = await context.newPage()
    const { origin } = new URL(url)
    const cdp = await context.newCDPSession(tab)
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    await tab.goto(`${origin}/robots.txt`)
    await tab.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    }, storage)
    await tab.close()
  } finally {
    // Only the CDP connection closes: the browser belongs to chrome-launcher.
    await browser.close()
  }
}

/** `storage`: localStorage entries to set before each run (a signed-in page), or none. */
async function auditPage(url, storage) {
  // --no-sandbox: the bench may run as root in a container, where Chromium's sandbox cannot start.
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', ...chromiumArgs],
  })
  const runs = []
  const failures = []
  try {
    // A run Lighthouse could not measure (NO_NAVSTART, NO_FCP... on a busy machine) scores 0 and has
    // no metrics: it is run again instead of counting in the median, at most RUNS more times.
    for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
      if (storage) await storeSessionBeforeRun(chrome.port, url, storage)
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
        disableStorageReset: storage !== undefined,
      })
      const { lhr } = result
      if (lhr.runtimeError) {
        failures.push(lhr.runtimeError.code)
        continue
      }
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        ...Object.fromEntries(
          Object.entries(metrics).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? NaN]),
        ),
        warnings: lhr.runWarnings,
        // What moved, when something did: the elements Lighthouse blames for the layout shift.
        shifts: lhr.audits['layout-shifts']?.details?.items?.map((item) => ({
          score: item.score,
          node: item.node?.snippet,
        })),
        landed: lhr.finalDisplayedUrl,
      })
    }
  } finally {
    await chrome.kill()
  }
  return { runs, failures }
}

export async function lighthouseBenchmark({ baseUrl, user }) {
  const rows = []
  const data = {}
  const retried = []
  for (const page of pages) {
    const storage = page.signedIn ? signedInStorage(user) : undefined
    const { runs, failures } = await auditPage(`${baseUrl}${page.path}`, storage)
    data[page.path] = runs
    if (failures.length) retried.push(`\`${page.path}\`: ${failures.join(', ')}`)
    const pick = (key) => median(runs.map((run) => run[key]))
    // A signed-in page that landed elsewhere (the session refused) measured the wrong page: said so.
    const landed = runs.find((run) => new URL(run.landed).pathname !== page.path)?.landed
    rows.push([
      `\`${page.path}\`${page.signedIn ? ' (signed in)' : ''}${landed ? ` → ${new URL(landed).pathname}` : ''}`,
      pick('score'),
      runs.map((run) => run.score).join(', '),
      `${(pick('fcp') / 1000).toFixed(2)} s`,
      `${(pick('lcp') / 1000).toFixed(2)} s`,
      `${Math.round(pick('tbt'))} ms`,
      pick('cls').toFixed(3),
      `${(pick('si') / 1000).toFixed(2)} s`,
    ])
  }
  return saveResult('lighthouse', {
    title: `Lighthouse performance (mobile simulation, median of ${RUNS})`,
    columns: ['Page', 'Score', 'Runs', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
    rows,
    notes: [
      `Lighthouse ${lighthouseVersion()} with its default mobile profile (simulated throttling), Chromium at ${chromiumPath}.`,
      'Target: performance 100 on each public page, and CLS 0 on each page (signed in too).',
      ...(retried.length ? [`Runs Lighthouse could not measure, run again: ${retried.join('; ')}.`] : []),
    ],
    data,
  })
}

function lighthouseVersion() {
  const manifest = join(import.meta.dirname, '..', '..', 'node_modules', 'lighthouse', 'package.json')
  return JSON.parse(readFileSync(manifest, 'utf8')).version
}

// One page alone (e.g. the signed-in dashboard's CLS before and after a change), one run unless
// BENCH_LIGHTHOUSE_RUNS says otherwise: prints each run's numbers and what shifted. The optional
// user file is what prepare-db.ts printed: the page is then audited signed in as that user.
if (process.argv[1] === import.meta.filename) {
  const [baseUrl, path, userFile] = process.argv.slice(2)
  if (!baseUrl || !path)
    throw new Error('usage: node tests/bench/lighthouse.mjs <base url> <path> [user.json]')
  const storage = userFile ? signedInStorage(JSON.parse(readFileSync(userFile, 'utf8'))) : undefined
  const { runs, failures } = await auditPage(`${baseUrl}${path}`, storage)
  console.log(JSON.stringify({ runs, failures }, null, 2))
}
