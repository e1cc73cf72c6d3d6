/**
 * Prometheus metrics (lib/metrics.ts) on the app: `app.metrics` for the code that counts, a duration
 * per answered request, and `/metrics` where only the operator reads it. On the main port it needs
 * `Authorization: Bearer $METRICS_TOKEN` and, without that token configured, does not exist at all:
 * a stranger gets the same 404 as for any unknown address. The metrics-only port (METRICS_PORT) is
 * opened by index.ts through `listenMetrics`, on METRICS_HOST (loopback unless the operator says).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { createMetrics, type Metrics } from '../lib/metrics'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
    /**
     * Serves `/metrics` alone on METRICS_PORT (closed with the app); resolves with its URL, or
     * undefined when the port is off. `port` overrides the configured one (tests listen on 0).
     */
    listenMetrics(port?: number): Promise<string | undefined>
  }
}

const METRICS_PATH = '/metrics'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether an Authorization header carries the token, compared in constant time (hashes of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '')
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token))
}

export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    { config, clickReasons }: { config: Config; clickReasons: readonly string[] },
  ) => {
    const metrics = createMetrics({ clickReasons })
    app.decorate('metrics', metrics)
    const { token, port } = config.metrics
    // Process metrics cost a GC observer and an event-loop histogram: only when someone can read them.
    if (token !== undefined) metrics.collectProcessMetrics()
    const server = metricsServer(app, metrics, config.metrics.token)
    app.decorate('listenMetrics', async (listenPort = port) => {
      if (listenPort === undefined) return undefined
      metrics.collectProcessMetrics()
      server.listen(listenPort, config.metrics.host)
      await once(server, 'listening')
      const address = server.address()
      const bound = address && typeof address === 'object' ? address.port : listenPort
      const host = config.metrics.host
      return `http://${host.includes(':') ? `[${host}]` : host}:${bound}${METRICS_PATH}`
    })
    app.addHook('onClose', async () => {
      if (!server.listening) return
      server.close()
      await once(server, 'close')
    })

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest({
        route: request.routeOptions.url,
        method: request.method,
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      })
    })

    if (token === undefined) return
    app.get(METRICS_PATH, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound()
      const body = await metrics.registry.metrics()
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body)
    })
  },
  { name: 'metrics' },
)

/** The metrics-only server: `/metrics` and nothing else, the token asked for when one is configured. */
function metricsServer(app: FastifyInstance, metrics: Metrics, token: string | undefined): Server {
  const { registry } = metrics
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]
    const allowed = token === undefined || bearerMatches(request.headers.authorization, token)
    if (path !== METRICS_PATH || request.method !== 'GET' || !allowed) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    registry.metrics().then(
      (body) =>
        response
          .writeHead(200, {
            'content-type': registry.contentType,
            'cache-control': 'no-store',
          })
          .end(body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics collection failed')
        response.writeHead(500).end()
      },
    )
  })
}
