import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config'
import { pathOf } from './errors'

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
    // 'self': the tools page previews the overlays (/widgets/…) in frames at their OBS sizes.
    'frame-src': ["'self'", ...stripe, ...turnstile],
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

/**
 * The policy of a server-rendered page: the router hands its state to the browser in inline scripts,
 * so that page's scripts may also be the inline ones carrying this response's nonce (fresh each
 * response); any other inline script stays refused.
 */
export function contentSecurityPolicyWithNonce(config: Config, nonce: string): string {
  const directives = contentSecurityPolicy(config, "'none'")
  return serialise({ ...directives, 'script-src': [...directives['script-src'], `'nonce-${nonce}'`] })
}

/**
 * Browser features no page of the app uses are denied to it and to every frame it embeds, so a script
 * slipped into a page (or a third-party frame) cannot ask for the camera, the microphone, the position
 * or a USB device. Kept, for the app's own origin and no frame: clipboard-write (the copy buttons),
 * web-share (the go-live kit's Share) and fullscreen. Notifications and push are not policy-controlled
 * features: the device's push switch works as before. payment: the card field does not call the Payment Request API,
 * but its 3-D Secure step runs in Stripe's frames, which may hand payment confirmation on to the bank's;
 * so Stripe's origin keeps it when Stripe is configured, and nobody has it otherwise. For the same step,
 * publickey-credentials-get (a bank may ask for a passkey) keeps its default: our origin and the frames
 * it lets in.
 */
function permissionsPolicy(config: Config): string {
  const stripe = config.stripePublicKey ? ' "https://js.stripe.com"' : ''
  const denied = [
    'accelerometer',
    'browsing-topics',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ]
  return [
    ...denied.map((feature) => `${feature}=()`),
    `payment=(${stripe ? `self${stripe}` : ''})`,
    'clipboard-write=(self)',
    // Never read by the app, but the browser asks the user first anyway, and the end-to-end tests read
    // back what the copy buttons wrote: our origin only, no frame.
    'clipboard-read=(self)',
    'web-share=(self)',
    'fullscreen=(self)',
  ].join(', ')
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

/**
 * The security headers of every answer (helmet's and the Permissions-Policy), by lower-case name; the
 * answers the HTTP parser refuses before any route (framework-errors.ts) carry them too.
 */
export function securityHeadersFor(config: Config): Record<string, string> {
  const https = config.publicUrl.startsWith('https:')
  return {
    ...securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, "'none'") },
      // HSTS only means something over HTTPS; on plain HTTP it would be ignored or pin a dev host.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
    'permissions-policy': permissionsPolicy(config),
  }
}

export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const headers = securityHeadersFor(config)
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
    const widgetPolicy = serialise(contentSecurityPolicy(config, '*'))
    app.addHook('onSend', async (request, reply, payload) => {
      const url = pathOf(request.url)
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
