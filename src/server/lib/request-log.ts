/**
 * One log line per request, and only where it tells something (with Fastify's two lines
 * for every request at info, an attack run saw /healthz fall to ~3,000 req/s):
 * - failed requests at error, server errors (5xx) at error, slow requests at warn, client errors
 *   (4xx) at info: always;
 * - routine answers (fast, below 400) at info at most once per route per second: a pulse of each
 *   route, not a copy of the traffic. At debug level every request is logged, as Fastify would.
 * Fastify's other lines (route not found, default error handler, stream errors) are unchanged. The
 * line carries the request through the redacting serializer (log-redaction.ts): no secret from a URL
 * reaches the log on this path either.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

// A request this slow is worth a line whatever it answered: it is what an operator looks for.
const SLOW_REQUEST_MS = 1000
const ROUTINE_SAMPLE_MS = 1000

// pino's level numbers: a logger at `level` writes what is at or above it.
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
}
const DEBUG = 20
const INFO = 30

export class RequestLog extends LogController {
  readonly #lastRoutineLine = new Map<string, number>()

  // The completion line says it all (method, URL, status, time): no line when a request comes in,
  // except at debug level.
  override incomingRequest(request: FastifyRequest): void {
    if (this.#levelOf(request) <= DEBUG) request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    const status = reply.statusCode
    if (error) request.log.error({ ...line, err: error }, 'request errored')
    else if (status >= 500) request.log.error(line, 'request completed')
    else if (reply.elapsedTime >= SLOW_REQUEST_MS) request.log.warn(line, 'slow request')
    else if (status >= 400) request.log.info(line, 'request completed')
    else this.#routine(request, line)
  }

  #routine(request: FastifyRequest, line: Record<string, unknown>): void {
    const level = this.#levelOf(request)
    if (level <= DEBUG) {
      request.log.debug(line, 'request completed')
      return
    }
    if (level > INFO) return
    // Keyed by the route's pattern, not the URL: one entry per route, whatever its parameters.
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`
    const now = Date.now()
    if (now - (this.#lastRoutineLine.get(route) ?? 0) < ROUTINE_SAMPLE_MS) return
    this.#lastRoutineLine.set(route, now)
    request.log.info(line, 'request completed')
  }

  #levelOf(request: FastifyRequest): number {
    return LEVEL_VALUES[request.log.level] ?? Number.POSITIVE_INFINITY
  }
}
