import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  chunkSources,
  chunksFrom,
  compressedSizes,
  initialScripts,
  staticClosure,
} from '../bench/lib/bundle-graph.mjs'

// The first route's JavaScript stays within 120 KB gzip, app code included. Sizes come from
// the built files (deterministic for a given build), so this runs in `npm test` without a browser.
const BUDGET_GZIP_BYTES = 120 * 1024
const clientDir = join(process.env.E2E_DIST ?? 'dist', 'client')

test('the JavaScript `/` loads before its first render fits the 120 KB gzip budget', () => {
  const files = initialScripts(clientDir)
  const { total, perFile } = compressedSizes(clientDir, files)
  const listing = perFile
    .sort((a, b) => b.gzip - a.gzip)
    .map((entry) => `${(entry.gzip / 1024).toFixed(1).padStart(6)} KB  ${entry.file}`)
    .join('\n')
  expect(total.gzip, `initial JavaScript, gzip:\n${listing}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES)
})

test('libraries that must load lazily are not in the first route', () => {
  const code = initialScripts(clientDir)
    .map((file) => readFileSync(join(clientDir, file), 'utf8'))
    .join('\n')
  // Markers of each library's own source: arktype, socket.io's engine, react-hook-form, Stripe's loader.
  const lazy: Record<string, RegExp> = {
    arktype: /ArkErrors|arkKind/,
    'socket.io-client': /engine\.io|transports\.websocket|EIO=/,
    'react-hook-form': /useFormContext|shouldUnregister/,
    '@stripe/stripe-js': /js\.stripe\.com/,
  }
  const found = Object.entries(lazy)
    .filter(([, marker]) => marker.test(code))
    .map(([name]) => name)
  expect(found).toEqual([])
})

test("a streamer's dashboard loads none of the brand portal's code", () => {
  // The deal pages' chunks and the features every signed-in start registers, with all they import.
  const dashboard = staticClosure(
    clientDir,
    chunksFrom(clientDir, /src\/client\/(routes\/_default\/dashboard\/deal|app-features\.ts)/),
  )
  // The portal's components and its pages' split-off parts (the route tree keeps only their paths).
  const portal =
    /src\/client\/(features\/brand\/components\/|routes\/_default\/dashboard\/provider.*tsr-split)/
  const portalChunks = dashboard.filter((file) =>
    chunkSources(clientDir, file).some((source) => portal.test(source)),
  )
  expect(dashboard.length).toBeGreaterThan(3)
  expect(portalChunks).toEqual([])
})

test("the endpoint table's access column stays on the server: no client file carries it", () => {
  // Whom the server lets in is the server's business; the client build drops the column (vite.config.ts).
  const carrying = readdirSync(join(clientDir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .filter((file) =>
      /access:\s*["'`](?:public|session|owner|member|admin)["'`]/.test(
        readFileSync(join(clientDir, 'assets', file), 'utf8'),
      ),
    )
  expect(carrying).toEqual([])
})
