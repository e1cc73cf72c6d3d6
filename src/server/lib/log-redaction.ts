/**
 * No secret in any log line. Some secrets travel in URLs: access tokens in paths (admin access checks,
 * widget and newsletter tokens), `?token=` on mailed links and widget pages, `?authorization=Bearer ...`
 * on download links. Request logs keep the URL's shape and replace each secret by `[redacted]`: an
 * admin token copied from a log would otherwise open the admin API.
 */
import type { FastifyServerOptions } from 'fastify'
import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino'
import { endpoints } from '#shared/endpoints.ts'

const REDACTED = '[redacted]'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// What a secret in a URL can be made of: anything up to the next separator.
const SECRET_CHARS = '[^/?#&\\s"\']+'

/**
 * Every endpoint path with a `{token}` placeholder carries a bearer secret there: taken from the
 * endpoint table, so a token route added later is redacted without anyone remembering to.
 */
const tokenPaths = Object.values(endpoints)
  .map((endpoint) => endpoint.path)
  .filter((path) => path.includes('{token}'))
  .map((path) => {
    const before = path.slice(0, path.indexOf('{token}'))
    const literal = escapeRegExp(before).replace(/\\\{\w+\\\}/g, SECRET_CHARS)
    return new RegExp(`(${literal})${SECRET_CHARS}`, 'g')
  })

// Query parameters whose value is a secret, wherever they appear (a bearer value whole, space and all).
const secretQuery = /([?&](?:token|authorization|access_token)=)(?:Bearer(?:\s+|%20|\+))?[^&#\s"']*/gi
// A bearer credential written out, e.g. in an error message quoting a header.
const bearer = /\b(Bearer(?:\s+|%20|\+))[\w.~+/=-]+/gi

/** The text with every secret it carries in a URL or a bearer credential replaced by `[redacted]`. */
function redactSecrets(text: string): string {
  let redacted = text
  for (const pattern of tokenPaths) redacted = redacted.replace(pattern, `$1${REDACTED}`)
  return redacted.replace(secretQuery, `$1${REDACTED}`).replace(bearer, `$1${REDACTED}`)
}

/** What Fastify hands the `req` serializer: its request object. */
interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number } | null
}

/**
 * The server's logger: the level from LOG_LEVEL, standard output unless `destination` is given
 * (tests capture the log there). Fastify's own request serializer, but with the URL redacted; error
 * messages and plain messages (Fastify's "Route GET:/... not found") are redacted too.
 */
export function loggerOptions(
  level: LoggerOptions['level'],
  destination?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.plainPassword', '*.password'],
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => {
        const serialized = stdSerializers.err(error)
        return {
          ...serialized,
          message: redactSecrets(serialized.message),
          stack: redactSecrets(serialized.stack),
        }
      },
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg))
        method.apply(this, redacted as typeof args)
      },
    },
  }
}
