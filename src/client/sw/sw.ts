/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

/**
 * The app's service worker (DESIGN §4): the app shell is precached so the installed app starts
 * offline; public content is cached stale-while-revalidate; nothing else from the API is cached,
 * so no user's data is ever kept here.
 */

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every in-app navigation gets the cached shell; server paths must reach the network untouched.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/uploads(\/|$)/],
  }),
)

// 30 days, 60 entries: three domains times three locales, with room for the odd extra domain.
const contentMaxAgeSeconds = 30 * 24 * 60 * 60
const contentMaxEntries = 60

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/resources/translation/'),
  new StaleWhileRevalidate({
    cacheName: 'content',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: contentMaxEntries, maxAgeSeconds: contentMaxAgeSeconds }),
    ],
  }),
)

// The reload prompt asks the waiting worker to take over once the user agrees.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

clientsClaim()
