import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'

/** Origins that may call the API from a browser and open sockets: our own, plus the configured extras. */
export function allowedOrigins(config: Config): Set<string> {
  return new Set([new URL(config.publicUrl).origin, ...config.corsOrigins])
}

function contentSecurityPolicy(config: Config, frameAncestors: string) {
  const stripe = config.stripePublicKey ? ['https://js.stripe.com'] : []
  const turnstile = config.turnstile ? ['https://challenges.cloudflare.com'] : []
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe, ...turnstile],
    // Inline style attributes are used for progress widths; no inline scripts are allowed.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'ws:', 'wss:', ...stripe],
    'frame-src': [...stripe, ...turnstile].length ? [...stripe, ...turnstile] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  }
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** The goal widget is made to be embedded (OBS browser sources, overlays): it alone may be framed. */
const isFramable = (url: string) => url === '/widgets' || url.startsWith('/widgets/')

/**
 * Helmet's headers, computed once: they depend on the configuration alone, and running helmet's
 * middlewares on every request cost ~5% of a cached read's time (measured in a CPU profile).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const https = config.publicUrl.startsWith('https:')
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, "'none'") },
      // HSTS only means something over HTTPS; on plain HTTP it would be ignored or pin a dev host.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    })
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
    const widgetPolicy = serialise(contentSecurityPolicy(config, '*'))
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.url.split('?')[0] ?? ''
      if (url.startsWith('/api/')) reply.header('cache-control', 'no-store')
      if (isFramable(url)) {
        reply.header('content-security-policy', widgetPolicy)
        reply.removeHeader('x-frame-options')
      }
      return payload
    })
    const origins = allowedOrigins(config)
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin === undefined || origins.has(origin)),
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept-language', 'idempotency-key'],
      maxAge: 600,
    })
  },
  { name: 'security' },
)
