import { existsSync, mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { answeredMethodNotAllowed } from '../http/method-not-allowed'
import { isApiPath, pathOf, sendApiNotFound } from './errors'

// Hashed file names change with their content, so a browser may keep them forever.
const IMMUTABLE = 'public, max-age=31536000, immutable'
// The shell, the worker and the manifest must be revalidated on every load, or updates never arrive.
const REVALIDATE = 'no-cache'
// Icons and other unhashed public files: a day is fresh enough.
const DAILY = 'public, max-age=86400'

const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.replace(/^\/+/, '')
  if (normalized.startsWith('assets/')) return IMMUTABLE
  if (REVALIDATED_FILES.has(normalized) || normalized.startsWith('workbox-')) return REVALIDATE
  return DAILY
}

export const uploadsDir = (config: Config) => join(config.dataDir, 'uploads', 'public')

/**
 * The demo brand art (public/media/demo/, copied into the built client): served under /uploads/demo/
 * like an upload, so seeded providers and missions point at it as at any stored file. Without a built
 * client (`npm run dev`'s API server) the source folder serves.
 */
function demoMediaRoot(config: Config): string | undefined {
  return [join(config.clientDir, 'media'), resolve('public', 'media')].find((dir) =>
    existsSync(join(dir, 'demo')),
  )
}

// Demo art names carry their content hash: a new picture is a new name.
const uploadCacheControl = (filePath: string) =>
  /[\\/]demo[\\/][^\\/]+\.[0-9a-f]{8}\.svg$/.test(filePath) ? IMMUTABLE : DAILY

const isOverlayPath = (path: string) => path === '/widgets' || path.startsWith('/widgets/')

/**
 * The shell of a stream overlay: transparent from its very first paint. OBS puts every frame of a
 * browser source on stream, so the site's dark page background must never show while the overlay's
 * scripts load; the class the widgets layout would add later is on <html> before anything paints.
 */
function transparentShell(shell: string): string {
  return shell.replace(
    /<html\b([^>]*)>/,
    (_tag, attributes: string) => `<html${attributes} class="widget-mode">`,
  )
}

/**
 * Serves the built PWA (with caching suited to each file), public uploads, and the app shell for
 * every client route; unknown API paths get the contract's JSON 404 instead.
 */
export const clientAppPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const shellPath = join(config.clientDir, 'index.html')
    const hasClient = existsSync(shellPath)
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: config.clientDir,
        prefix: '/',
        // `/` is the shell itself (revalidated like index.html); server-rendered pages register their own routes.
        index: 'index.html',
        wildcard: true,
        setHeaders: (res, filePath) => {
          res.header('cache-control', cacheControlFor(filePath.slice(config.clientDir.length)))
        },
      })
    } else {
      app.log.warn(`no built client at ${config.clientDir}: run "npm run build" to serve the app`)
    }
    const uploads = uploadsDir(config)
    mkdirSync(uploads, { recursive: true })
    const demoRoot = demoMediaRoot(config)
    await app.register(fastifyStatic, {
      // Uploads first: the demo folder only answers for names the uploads do not have.
      root: demoRoot ? [uploads, demoRoot] : uploads,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (res, filePath) => res.header('cache-control', uploadCacheControl(filePath)),
    })

    let shell: string | undefined
    let overlayShell: string | undefined
    const sendShell = async (reply: FastifyReply) => {
      shell ??= await readFile(shellPath, 'utf8')
      overlayShell ??= transparentShell(shell)
      const page = isOverlayPath(pathOf(reply.request.url)) ? overlayShell : shell
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(page)
    }
    app.decorate('sendAppShell', sendShell)

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request.url)
      if (isApiPath(path) || (request.method !== 'GET' && request.method !== 'HEAD'))
        return answeredMethodNotAllowed(app.registeredApiRoutes, request, reply)
          ? reply
          : sendApiNotFound(reply)
      if (!hasClient)
        return reply.code(503).type('text/plain').send('The client is not built: run "npm run build".')
      // The site's pages answer it when registered (a 404 for an address the client has no page at).
      if (app.hasDecorator('answerPage')) return app.answerPage(request, reply)
      return sendShell(reply)
    })
  },
  { name: 'client-app' },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the client's app shell (index.html), for client-rendered routes. */
    sendAppShell(reply: FastifyReply): Promise<FastifyReply>
    /**
     * Answers a page address no server route took (features/content/site-routes.ts): the app shell
     * where the client has a page, the not-found page with a 404 elsewhere.
     */
    answerPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>
  }
}
