/**
 * Liveness and readiness. `/healthz` says the process answers; `/readyz` says whether it can serve
 * as it should, naming each dependency, so an operator sees at once which one is down:
 * `{ status, checks: { database: { status, kind }, redis: { status } } }`, 503 when any is down.
 * Redis down still answers 503 although requests are served (rate limits fall back to this node,
 * socket events reach this node's sockets only): the deployment is degraded and should be seen so.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

type CheckStatus = 'up' | 'down'

// 2 s per check: a readiness probe must answer before the balancer's own timeout (usually 5 s).
const CHECK_TIMEOUT_MS = 2000

const within = (check: Promise<boolean>): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)
    check.then(resolve, () => resolve(false)).finally(() => clearTimeout(timer))
  })

export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', async () => ({ status: 'ok' }))
    app.get('/readyz', async (_request, reply) => {
      const [database, redis] = await Promise.all([
        within(app.database.ping().then(() => true)),
        app.redis ? within(app.redis.ping()) : undefined,
      ])
      const checks = {
        database: { status: (database ? 'up' : 'down') as CheckStatus, kind: app.database.kind },
        redis: { status: redis === undefined ? 'not configured' : redis ? 'up' : 'down' },
      }
      const ready = database && redis !== false
      if (!ready) app.log.warn({ checks }, 'readiness check failed')
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks })
    })
  },
  { name: 'health', dependencies: ['database', 'redis'] },
)
