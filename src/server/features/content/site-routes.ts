import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { contentSecurityPolicyWithNonce } from '#server/plugins/security.ts'
import { adminContentRoutes } from './admin-content-routes'
import { listContent } from './content-repository'
import { pageLocale } from './page-locale'
import { publicFormsRoutes } from './public-forms-routes'
import { createPageRenderer } from './ssr-renderer'

/** The server-rendered public pages; every other page is the client-rendered shell. */
const SSR_PATHS = ['/', '/faq', '/faq/:code', '/terms'] as const

// Crawlers have no business in the signed-in app, the API or the redirect endpoints.
const ROBOTS_DISALLOW = ['/api/', '/dashboard', '/admin', '/redir/', '/widgets/', '/logout']

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * Public site: server rendering, robots.txt, sitemap.xml, and the content feature's other routes.
 * Not encapsulated (fastify-plugin), so the unknown-page answer it decorates reaches the client-app
 * plugin's not-found handler.
 */
export const siteRoutes = fp(siteRoutesPlugin, { name: 'site-routes' })

async function siteRoutesPlugin(app: FastifyInstance) {
  await app.register(publicFormsRoutes)
  await app.register(adminContentRoutes)
  const { publicUrl } = app.config

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '']
    lines.push(`Sitemap: ${publicUrl}/sitemap.xml`, '')
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(lines.join('\n'))
  })

  app.get('/sitemap.xml', async (_request, reply) => {
    const faq = await listContent(app.db, 'faq', 'en')
    const paths = ['/', '/faq', '/terms', ...faq.map((entry) => `/faq/${encodeURIComponent(entry.code)}`)]
    const urls = paths.map((path) => `  <url><loc>${xmlEscape(publicUrl + path)}</loc></url>`).join('\n')
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body)
  })

  // Loaded on first use, not at start-up: tests that never render a page never pay for the bundle.
  let renderer: ReturnType<typeof createPageRenderer> | undefined
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    renderer ??= createPageRenderer(app)
    const pages = await renderer
    if (!pages) {
      if (existsSync(join(app.config.clientDir, 'index.html'))) return app.sendAppShell(reply)
      return reply.code(503).type('text/plain').send('The client is not built: run "npm run build".')
    }
    const path = request.url.split('?')[0] ?? '/'
    const page = await pages.render(request.url, pageLocale(request), publicUrl + path)
    if (page.location) return reply.redirect(page.location, page.status)
    return (
      reply
        .code(page.status)
        .header('content-security-policy', contentSecurityPolicyWithNonce(app.config, page.nonce))
        .type('text/html; charset=utf-8')
        // The page depends on the language cookie and header; shared caches must keep them apart.
        .header('vary', 'Cookie, Accept-Language')
        .header('cache-control', 'no-cache')
        .send(page.html)
    )
  }
  for (const path of SSR_PATHS) app.get(path, renderPage)

  // Every other page address: the client's router says whether it has a page there. It
  // has: the app shell, which renders it in the browser. It has not: the not-found page rendered
  // here, with a 404 status.
  app.decorate('answerPage', async (request: FastifyRequest, reply: FastifyReply) => {
    renderer ??= createPageRenderer(app)
    const pages = await renderer
    if (pages && !pages.routeExists(request.url)) return renderPage(request, reply)
    return app.sendAppShell(reply)
  })
}
