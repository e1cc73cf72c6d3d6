import compress from '@fastify/compress'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'
import type { Config } from './config'
import { type OpenedDatabase, openDatabase } from './db/client'
import { bootstrapAdmin, seedDemo } from './db/seed'
import { DEMO_BRAND_PASSWORD, demoBrandAccounts } from './db/seed-brands'
import { adminRoutes } from './features/admin/admin-routes'
import { authRoutes } from './features/auth/auth-routes'
import { sessionService } from './features/auth/session-service'
import { apiKeyResolver } from './features/brand/api-keys-service'
import { findProviderAccess } from './features/brand/brand-providers-repository'
import { brandRoutes } from './features/brand/brand-routes'
import { contentRoutes } from './features/content/content-routes'
import { siteRoutes } from './features/content/site-routes'
import { dealRoutes } from './features/deals/deal-routes'
import { ClickReason } from './features/deals/deal-steps'
import { missionRoutes } from './features/deals/mission-routes'
import { privacyRoutes } from './features/privacy/privacy-routes'
import { pushRoutes } from './features/push/push-routes'
import { walletRoutes } from './features/wallet/wallet-routes'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors'
import { proxyTrust } from './http/proxy-trust'
import { registerMethodOverrides } from './http/register-endpoint'
import { loggerOptions } from './lib/log-redaction'
import { createMailer, type Mailer } from './lib/mailer'
import { RequestLog } from './lib/request-log'
import { apiDocsPlugin } from './plugins/api-docs'
import { authPlugin } from './plugins/auth'
import { clientAppPlugin } from './plugins/client-app'
import { databasePlugin } from './plugins/database'
import { errorsPlugin } from './plugins/errors'
import { healthPlugin } from './plugins/health'
import { jsonBodyPlugin } from './plugins/json-body'
import { metricsPlugin } from './plugins/metrics'
import { rateLimitPlugin } from './plugins/rate-limit'
import { readCachePlugin } from './plugins/read-cache'
import { redisPlugin } from './plugins/redis'
import { securityHeadersFor, securityPlugin } from './plugins/security'
import { socketPlugin } from './plugins/socket'

export interface BuildAppOptions {
  config: Config
  /** An already opened database (tests share one across apps); opened from the config otherwise. */
  database?: OpenedDatabase
  logger?: FastifyServerOptions['logger']
  /** Where the server's own (redacting) logger writes, standard output by default; for tests. */
  logStream?: DestinationStream
  mailer?: Mailer
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    mailer: Mailer
  }
}

// 10 MB: the largest upload we take is a KYC scan or PDF; anything larger is refused early.
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

/** Builds the whole application without listening: `index.ts` listens, tests use `app.inject()`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options
  const securityHeaders = securityHeadersFor(config)
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel, options.logStream),
    // One line per request where it tells something, instead of two for every one (request-log.ts).
    logController: new RequestLog(),
    // request.ip (limits, click identity, sessions) comes from X-Forwarded-For only through a trusted proxy.
    trustProxy: proxyTrust(config.trustProxy),
    // Routes are case-sensitive and `/a/` is `/a`: one canonical URL per resource.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 1024 * 1024,
    // What the HTTP parser or the router refuses answers in the API's envelope too (framework-errors.ts).
    clientErrorHandler: clientErrorHandler(securityHeaders),
    frameworkErrors: frameworkErrors(securityHeaders),
  })
  app.decorate('config', config)
  app.decorate('putRunners', new Map())
  // The `member` access rule's look-up, registered here so http/ never imports a feature.
  app.decorate('dealSettledListeners', [])
  app.decorate('providerAccess', (slug: string, userId: string) => findProviderAccess(app.db, slug, userId))

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    }))
  await app.register(databasePlugin, { database, owned: !options.database })
  await app.register(readCachePlugin)
  if (config.seedDemo) {
    await seedDemo(database.db)
    const brandAccounts = await demoBrandAccounts(database.db)
    // Demo credentials on purpose (like the demo content itself): a newcomer signs in on the brand side.
    if (brandAccounts.length > 0)
      app.log.info(
        { usernames: brandAccounts, demoPassword: DEMO_BRAND_PASSWORD },
        'demo brand accounts (one owner per demo provider)',
      )
  }
  if (config.admin) await bootstrapAdmin(database.db, config.admin)

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      // Outbox links are live reset and verification tokens: printed for local use, never in production.
      printLinks: process.env.NODE_ENV !== 'production',
    })
  app.decorate('mailer', mailer)
  app.addHook('onClose', async () => mailer.close())

  await app.register(errorsPlugin)
  await app.register(jsonBodyPlugin)
  // Before every route, so each answered request is timed under its route's pattern.
  await app.register(metricsPlugin, { config, clickReasons: Object.values(ClickReason) })
  // Brotli/gzip for every text response (HTML, JS, CSS, JSON) when the client asks for it: the first
  // route's 377 KB of JavaScript is 120 KB gzip, the difference between ~2 s and ~0.6 s on a mobile link.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(securityPlugin, { config })
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30, parts: 31 },
  })
  // The plugins check tokens through the auth feature's resolver, never its tables.
  const sessions = sessionService(database, app.log)
  app.addHook('onClose', async () => sessions.close())
  await app.register(authPlugin, { sessions, apiKeys: apiKeyResolver(database.db, app.log) })
  // Nodes of one deployment share counters and events through REDIS_PREFIX; test databases do not.
  await app.register(redisPlugin, { url: config.redisUrl, prefix: config.redisPrefix })
  await app.register(rateLimitPlugin)
  await app.register(socketPlugin, { config, sessions })

  await app.register(healthPlugin)

  await app.register(apiDocsPlugin)
  await app.register(contentRoutes)
  await app.register(siteRoutes)
  await app.register(authRoutes)
  await app.register(missionRoutes)
  await app.register(dealRoutes)
  await app.register(walletRoutes)
  await app.register(adminRoutes)
  await app.register(pushRoutes)
  await app.register(privacyRoutes)
  await app.register(brandRoutes)
  registerMethodOverrides(app)

  await app.register(clientAppPlugin, { config })
  return app
}
