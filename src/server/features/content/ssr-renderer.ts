import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Locale } from '#shared/contract/common.ts'
import type { SsrModule, SsrResult } from '#shared/contract/ssr.ts'

type Fetch = typeof globalThis.fetch
type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD'

const nativeFetch: Fetch = globalThis.fetch.bind(globalThis)
let inAppFetch: Fetch | null = null
let installed = false

/**
 * The client's HTTP layer calls relative URLs (`/api/...`). During a server render those go to the
 * app itself through `app.inject` (no network hop); every other URL keeps the real fetch.
 */
function installInAppFetch(): void {
  if (installed) return
  installed = true
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (inAppFetch && url.startsWith('/')) return inAppFetch(input, init)
    return nativeFetch(input, init)
  }
}

function injectingFetch(app: FastifyInstance): Fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    const response = await app.inject({
      method: (init?.method ?? 'GET').toUpperCase() as InjectMethod,
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    })
    const out = new Headers()
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) out.set(key, Array.isArray(value) ? value.join(', ') : String(value))
    }
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: out,
    })
  }
}

/** The SSR bundle sits beside the client build (`dist/client` -> `dist/ssr`). */
const ssrBundlePath = (clientDir: string) => join(clientDir, '..', 'ssr', 'entry-server.js')

/** A rendered page: its status and document, or where it redirects; `nonce` is its CSP nonce. */
export interface RenderedPage {
  status: number
  html: string
  location?: string
  nonce: string
}

export interface PageRenderer {
  render(url: string, locale: Locale, canonical: string): Promise<RenderedPage>
  /** Whether the client's router has a page at this address (otherwise a 404). */
  routeExists(url: string): boolean
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const MODULE_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g

/**
 * A server-rendered page is readable before its scripts run, so they must not hold back its first
 * paint: the built shell's module scripts and modulepreload links give way to `after-paint.js`
 * (public/), which adds them once the page has painted. The plain app shell keeps them as they are.
 */
export function loadScriptsAfterPaint(template: string): string {
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((match) => match[1])
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  if (entries.length === 0) return template
  const loader = `<script defer src="/after-paint.js" data-src="${entries.join(' ')}" data-preload="${preloads.join(' ')}"></script>`
  let placed = false
  // The loader takes the first module script's place; the others go.
  const withLoader = template.replace(MODULE_SCRIPT, () => {
    if (placed) return ''
    placed = true
    return loader
  })
  return withLoader.replace(MODULE_PRELOAD, '')
}

/** Puts a render into the built index.html: language, title, description, canonical link, markup. */
function fillTemplate(template: string, result: SsrResult, canonical: string): string {
  const head = `<link rel="canonical" href="${escapeHtml(canonical)}" />`
  return template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${result.locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(result.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(result.description)}" />`,
    )
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => result.html)
}

/**
 * Loads the SSR bundle and the built shell once; null when either is missing (tests without a
 * build), and the caller then serves the plain app shell.
 */
export async function createPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  const bundle = ssrBundlePath(app.config.clientDir)
  const shellPath = join(app.config.clientDir, 'index.html')
  if (!existsSync(bundle) || !existsSync(shellPath)) return null
  const template = loadScriptsAfterPaint(await readFile(shellPath, 'utf8'))
  const module = (await import(pathToFileURL(bundle).href)) as SsrModule
  installInAppFetch()
  const fetch = injectingFetch(app)
  // Lingui's active locale is process-wide: renders run one at a time (each is a few milliseconds).
  let queue: Promise<unknown> = Promise.resolve()
  return {
    routeExists: (url) => module.routeExists(url),
    render(url, locale, canonical) {
      const run = queue.then(async () => {
        inAppFetch = fetch
        try {
          // 128 random bits per response: the router's inline hydration scripts carry it, and only
          // they run (the page's CSP names this nonce).
          const nonce = randomBytes(16).toString('base64')
          const result = await module.render({ url, locale, nonce })
          const html = result.location ? '' : fillTemplate(template, result, canonical)
          return { status: result.status, html, location: result.location, nonce }
        } finally {
          inAppFetch = null
        }
      })
      queue = run.catch(() => undefined)
      return run
    },
  }
}
