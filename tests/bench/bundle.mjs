/**
 * Bundle sizes: the JavaScript each page really loads in Chromium (service worker blocked, so its
 * precache does not count), gzip and brotli, plus the static first-render set that the budget checks.
 */

import { launchBrowser, signedInStorage } from './lib/browser.mjs'
import { compressedSizes, initialScripts } from './lib/bundle-graph.mjs'
import { kb, saveResult } from './lib/report.mjs'

const BUDGET_GZIP = 120 * 1024
const pages = [
  { path: '/', signedIn: false },
  { path: '/faq', signedIn: false },
  { path: '/dashboard/deal', signedIn: true },
]

async function scriptsLoadedBy(browser, baseUrl, page, user) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  if (page.signedIn) {
    const entries = signedInStorage(user)
    await context.addInitScript((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
    }, entries)
  }
  const tab = await context.newPage()
  const scripts = new Set()
  tab.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname.slice(1))
  })
  await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' })
  const landed = new URL(tab.url()).pathname
  await context.close()
  return { scripts: [...scripts], landed }
}

export async function bundleBenchmark({ clientDir, baseUrl, user }) {
  const browser = await launchBrowser()
  const rows = []
  const data = {}
  try {
    const initial = compressedSizes(clientDir, initialScripts(clientDir))
    rows.push([
      '`/` first render (static graph, budget)',
      initial.perFile.length,
      kb(initial.total.raw),
      kb(initial.total.gzip),
      kb(initial.total.brotli),
      initial.total.gzip <= BUDGET_GZIP ? 'within 120 KB' : '**over 120 KB**',
    ])
    data.initial = initial
    for (const page of pages) {
      const { scripts, landed } = await scriptsLoadedBy(browser, baseUrl, page, user)
      const sizes = compressedSizes(clientDir, scripts)
      data[page.path] = { landed, ...sizes }
      rows.push([
        `\`${page.path}\`${page.signedIn ? ' (signed in)' : ''}${landed !== page.path ? ` → ${landed}` : ''}`,
        scripts.length,
        kb(sizes.total.raw),
        kb(sizes.total.gzip),
        kb(sizes.total.brotli),
        page.path === '/' ? (sizes.total.gzip <= BUDGET_GZIP ? 'within 120 KB' : '**over 120 KB**') : '',
      ])
    }
  } finally {
    await browser.close()
  }
  return saveResult('bundle', {
    title: 'Bundle: JavaScript loaded per page',
    columns: ['Page', 'Files', 'Raw', 'gzip', 'brotli', 'Budget'],
    rows,
    notes: [
      'Loaded = every same-origin .js response until network idle in Chromium, service worker blocked.',
      'Static graph = index.html entry + modulepreload + their static imports (what `npm test` checks).',
    ],
    data,
  })
}
