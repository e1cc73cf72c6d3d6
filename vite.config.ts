import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Suites that test the HTTP layer, not the database: the fuzzers send every endpoint hostile input and
 * hold the answers to the contract. They run on one database, PostgreSQL when the run has one (what
 * production runs), else the embedded one; the same file on the other database was the same requests
 * through the same handlers, minutes more. What differs between the databases (unique conflicts, locks,
 * races) has its own tests, which run on both.
 */
const httpLayerSuites = ['tests/server/fuzz.test.ts', 'tests/server/fuzz-payloads.test.ts']

/** Suites that replace a module of the server (vi.mock): they need a module graph of their own. */
const moduleMockingSuites = ['tests/server/deals-reads.test.ts']

/**
 * API integration tests against a real database: each file gets a fresh one of the given kind. The
 * files of a worker share its loaded modules (isolate: false): loading the server's module graph
 * again for every file was most of a file's time (13–16 s under load, against seconds of tests). Each
 * file still builds its own app, database, Redis prefix and port, so nothing a test sees is shared;
 * the suites that mock a module run in a project of their own that keeps isolation.
 */
function serverProjects(name: string, database: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const twice = database === 'pglite' && process.env.DATABASE_URL
  const shared = {
    environment: 'node' as const,
    env: { TEST_DATABASE: database },
    // Files run side by side (see maxWorkers below): each has a database of its own (a copy of the
    // migrated template, PGlite's or the PostgreSQL server's) and so a Redis prefix of its own,
    // listens on port 0 and writes under fresh temporary folders.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  }
  return [
    {
      extends: true,
      test: {
        ...shared,
        name,
        include: ['tests/server/**/*.test.ts'],
        exclude: [...configDefaults.exclude, ...moduleMockingSuites, ...(twice ? httpLayerSuites : [])],
        isolate: false,
      },
    },
    {
      extends: true,
      test: { ...shared, name: `${name}-mocks`, include: moduleMockingSuites },
    },
  ]
}

/**
 * The endpoint table's `access` column says whom the server lets in; the browser never reads it (a
 * session that ended is told by its AUTH_0001 answer), so the client build leaves it out, about 1.2 KB
 * of the first route. Builds only: tests and the server read the table as written.
 */
// The files holding the table's rows: the user rows (the first route's), the brand's, the admins'.
const endpointRowFiles = /\/src\/shared\/(endpoint-rows|[a-z-]+-endpoints)\.ts$/

function serverOnlyEndpointAccess(): Plugin {
  return {
    name: 'streamdeals:server-only-endpoint-access',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !endpointRowFiles.test(id)) return null
      return { code: code.replace(/,?\s*access: '(?:public|session|owner|member|admin)'/g, ''), map: null }
    },
  }
}

/** The PWA: injectManifest strategy with our own worker (src/client/sw), prompt-to-update. */
function pwa(disable: boolean) {
  return VitePWA({
    disable,
    strategies: 'injectManifest',
    srcDir: 'src/client/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Streamdeals',
      short_name: 'Streamdeals',
      description: 'Paid missions for streamers: take deals, share links, get paid.',
      start_url: '/dashboard/deal',
      scope: '/',
      display: 'standalone',
      background_color: '#0f0d17',
      theme_color: '#6d28d9',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      // Long-press on the home-screen icon: straight to the deals or the wallet. 96 px is
      // the size Chrome asks for shortcut icons. One manifest serves every language, so English.
      shortcuts: [
        {
          name: 'Deals',
          short_name: 'Deals',
          description: 'Your deals and the missions you can take',
          url: '/dashboard/deal',
          icons: [{ src: '/icons/shortcut-deals-96.png', sizes: '96x96', type: 'image/png' }],
        },
        {
          name: 'Wallet',
          short_name: 'Wallet',
          description: 'Your balance, earnings and payouts',
          url: '/dashboard/deal/payment',
          icons: [{ src: '/icons/shortcut-wallet-96.png', sizes: '96x96', type: 'image/png' }],
        },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // The demo brand art is served under /uploads/ and cached at runtime like any upload.
      globIgnores: ['media/**'],
    },
    devOptions: { enabled: false },
  })
}

/** The route modules of the server-rendered public pages, split or not by the router plugin. */
const publicPages =
  /src[\\/]client[\\/]routes[\\/]_default(\.tsx|[\\/]index\.tsx|[\\/]faq[\\/]|[\\/]terms\.tsx)/

/**
 * The brand portal: its routes and its feature folder, but not the live handlers and
 * queries every signed-in start registers (app-features.ts), nor the calls those queries make
 * (api.ts): a streamer never loads the portal.
 */
const brandPortalFiles =
  /src[\\/]client[\\/](features[\\/]brand|routes[\\/]_default[\\/]dashboard[\\/]provider)/
const brandRegistrations = /features[\\/]brand[\\/](live|queries|api)\.ts$/
const brandPortal = (id: string) => brandPortalFiles.test(id) && !brandRegistrations.test(id)

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    serverOnlyEndpointAccess(),
    // The router plugin must run before React's so route files are split before they are transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // Dashboard and admin pages bring their loader with their component, in one chunk: their
        // queries (deals, wallet, history) stay out of the first route's JavaScript, which visitors
        // load too (the first-route budget). The data request then starts once that chunk is in; the
        // installed app has it precached, and links on screen are prefetched when idle.
        splitBehavior: ({ routeId }) =>
          /^\/_default\/(admin|dashboard\/)/.test(routeId)
            ? [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']]
            : undefined,
      },
      routesDirectory: 'src/client/routes',
      generatedRouteTree: 'src/client/route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
      quoteStyle: 'single',
    }),
    react(),
    // Lingui's macros compile through Babel (Rolldown has no native transform for them); only our
    // client sources can contain them, so the filter keeps Babel off everything else.
    babel({
      plugins: ['@lingui/babel-plugin-lingui-macro'],
      include: [/src\/client\/.*\.tsx?(\?.*)?$/],
    }),
    lingui(),
    // The server-render bundle (`vite build --ssr`) needs the plugin's virtual modules, not a worker.
    pwa(isSsrBuild === true),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // The server bundle needs no copy of public/: the client build serves it.
    copyPublicDir: !isSsrBuild,
    // Every browser the app supports (ES2022 modules, React 19) preloads modules natively: the
    // polyfill was some 700 bytes of the first route's JavaScript for browsers that cannot run it.
    modulePreload: { polyfill: false },
    // Everything the first route imports statically goes into one chunk: gzip compresses a library
    // better beside the others than alone, and one request beats twenty small ones (the first-route budget).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'initial', tags: ['$initial' as const] },
                // The public pages (layout, home, FAQ, terms) with what they import, in one chunk:
                // hydrating a server-rendered page fetches one file instead of fifteen small ones (each
                // request started costs main-thread time at start-up, which Lighthouse counted as
                // blocking time), and going from one public page to another loads nothing more.
                { name: 'public', test: publicPages },
                // The brand portal's pages and feature code in one chunk: each of its routes
                // then names one chunk to preload instead of a dozen, which the first route carries.
                // Only the portal's own modules: with their dependencies, the chunk took in shared
                // ones (the socket, form fields, deal labels) and every dashboard start loaded it.
                { name: 'brand', test: brandPortal, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/healthz': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    // Two files at a time, also on a two-core machine (Vitest's default there is one): an API test
    // spends much of its time waiting on its database, timers and sockets, and the other file uses the
    // core meanwhile. VITEST_MAX_WORKERS overrides it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      ...serverProjects('server', 'pglite'),
      // The same API tests again on PostgreSQL when one is configured (CI sets DATABASE_URL).
      ...(process.env.DATABASE_URL ? serverProjects('server-pg', 'postgres') : []),
    ],
  },
}))
