/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import './background-sync'
import './periodic-refresh'
import './push'
import { serverPaths } from './server-paths'

declare const self: ServiceWorkerGlobalScope

/**
 * The app's service worker. The app shell and every built chunk are precached, so the
 * installed app opens any page offline; public content (FAQ, terms, home, translations) is cached
 * stale-while-revalidate; uploaded media (mission thumbnails, brand logos, avatars) cache-first.
 * Nothing else from the API is ever stored: no user's data is kept here, and the content requests
 * are sent without credentials, so even they are never authenticated responses.
 */

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every in-app navigation gets the cached shell; server paths (server-paths.ts) reach the network untouched.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverPaths }))

// 30 days, 60 entries: three domains times three locales, with room for the odd extra domain.
const contentMaxAgeSeconds = 30 * 24 * 60 * 60
const contentMaxEntries = 60
// 7 days, 200 files: thumbnails and logos of the missions a streamer browses in a week.
const mediaMaxAgeSeconds = 7 * 24 * 60 * 60
const mediaMaxEntries = 200

/** The content endpoints are public: the token the app attaches is stripped before they leave. */
const withoutCredentials = {
  requestWillFetch: async ({ request }: { request: Request }) => {
    const headers = new Headers(request.headers)
    headers.delete('authorization')
    return new Request(request.url, { method: 'GET', headers, credentials: 'omit', mode: 'cors' })
  },
}

const contentStrategy = new StaleWhileRevalidate({
  cacheName: 'content',
  plugins: [
    withoutCredentials,
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: contentMaxEntries, maxAgeSeconds: contentMaxAgeSeconds }),
  ],
})

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/resources/translation/'),
  contentStrategy,
)

/**
 * FAQ and terms open offline right after install, not only once visited: their content (the pages'
 * shell and code are precached) is fetched into the content cache when the worker installs, in the
 * browser's language, and again each time the app starts with the page's own locale (a message from
 * components/layout/reload-prompt.tsx): a content update is then picked up without visiting the pages.
 */
const warmedDomains = ['faq', 'terms'] as const
const appLocales = ['en', 'fr', 'es'] as const

/** The locale the server would pick from this browser's languages, English otherwise. */
function browserLocale(): string {
  for (const language of self.navigator.languages ?? [self.navigator.language]) {
    const base = language.toLowerCase().split('-')[0]
    const match = appLocales.find((locale) => locale === base)
    if (match) return match
  }
  return 'en'
}

/** Fetches the domains' content for a locale through the content strategy, cache written when done. */
async function warmContent(locale: string): Promise<void> {
  if (!appLocales.some((known) => known === locale)) return
  await Promise.all(
    warmedDomains.map(async (domain) => {
      const request = new Request(`/api/resources/translation/${domain}/${locale}`)
      const cache = await caches.open('content')
      // A fresh copy each time: the network answer replaces the cached one (stale-while-revalidate
      // would answer from the cache and revalidate; here the cache write is the point).
      const fresh = await fetch(request, { credentials: 'omit' }).catch(() => null)
      // Offline or refused: what the cache holds stays, the strategy tries again when the page asks.
      if (fresh?.status === 200) await cache.put(request, fresh)
    }),
  )
}

self.addEventListener('install', (event) => {
  // Best effort: an install never fails because the content could not be fetched.
  event.waitUntil(warmContent(browserLocale()).catch(() => undefined))
})

// Uploaded images (partner logos and theme art, mission thumbnails, avatars). The cache is named in
// lib/offline/logout-wipe.ts, which deletes it at logout since avatars are a user's own.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.destination === 'image' && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'media',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: mediaMaxEntries, maxAgeSeconds: mediaMaxAgeSeconds }),
    ],
  }),
)

// The reload prompt asks the waiting worker to take over once the user agrees.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; locale?: unknown } | null
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting()
  if (data?.type === 'WARM_CONTENT' && typeof data.locale === 'string') {
    event.waitUntil(warmContent(data.locale).catch(() => undefined))
  }
})

clientsClaim()
