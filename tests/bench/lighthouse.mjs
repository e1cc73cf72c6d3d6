/**
 * Lighthouse (the npm package) in headless Debian Chromium, default mobile simulation, performance
 * category only, five runs per page; the table shows the median of each number.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from './lib/browser.mjs'
import { saveResult } from './lib/report.mjs'

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)
const pages = ['/', '/faq', '/terms']
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

async function auditPage(url) {
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
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
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
      })
    }
  } finally {
    await chrome.kill()
  }
  return { runs, failures }
}

export async function lighthouseBenchmark({ baseUrl }) {
  const rows = []
  const data = {}
  const retried = []
  for (const page of pages) {
    const { runs, failures } = await auditPage(`${baseUrl}${page}`)
    data[page] = runs
    if (failures.length) retried.push(`\`${page}\`: ${failures.join(', ')}`)
    const pick = (key) => median(runs.map((run) => run[key]))
    rows.push([
      `\`${page}\``,
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
      'Target: performance 100 on each page.',
      ...(retried.length ? [`Runs Lighthouse could not measure, run again: ${retried.join('; ')}.`] : []),
    ],
    data,
  })
}

function lighthouseVersion() {
  const manifest = join(import.meta.dirname, '..', '..', 'node_modules', 'lighthouse', 'package.json')
  return JSON.parse(readFileSync(manifest, 'utf8')).version
}
