import { resolve } from 'node:path'
import { type LegalIdentity, legalIdentityFrom } from './config-legal'
import { type MetricsConfig, metricsFrom } from './config-metrics'
import { type SepaDebtor, sepaDebtorFrom } from './config-sepa'
import { ConfigError, integer, text } from './config-values'
import { type WebhooksConfig, webhooksFrom } from './config-webhooks'
import { redisPrefix } from './redis-prefix'

/**
 * Configuration comes from environment variables only (README and .env.example list them).
 * A bad value stops start-up with a message that names the variable, instead of failing later
 * somewhere far from the cause.
 */
export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  /** Starts every Redis key and channel of this deployment (see redis-prefix.ts). */
  redisPrefix: string
  smtpUrl: string | undefined
  mailFrom: string
  admin: { username: string; email: string; password: string } | undefined
  seedDemo: boolean
  turnstile: { siteKey: string; secret: string; verifyUrl: string } | undefined
  twitch: { clientId: string; clientSecret: string; urls: { oauth: string; api: string } } | undefined
  stripePublicKey: string | undefined
  /**
   * Card top-ups of mission budgets: the secret key the server calls Stripe with, the
   * secret its webhook signatures are checked with, and where Stripe's API is (a stand-in in tests).
   */
  stripe:
    | {
        secretKey: string
        webhookSecret: string
        api: { host: string; port: number; protocol: 'http' | 'https' }
      }
    | undefined
  minPayoutCents: number
  /** The account payout files are drawn on (SEPA_DEBTOR_*); undefined: payout files are off. */
  sepaDebtor: SepaDebtor | undefined
  /** The platform's legal identity: the recipient of the streamers' invoices, the issuer of statements. */
  legalIdentity: LegalIdentity
  /** Hours an earning stays pending before a payout may draw on it (affiliate-style fraud hold). */
  earningsHoldHours: number
  /**
   * Which proxies may name the client address in `X-Forwarded-For`: false (none, the default), a hop
   * count, or a list of addresses/CIDR ranges. Passed to Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[]
  /** Days invalid click events and aggregated denied-call audit rows are kept before pruning. */
  retentionDays: number
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Extra origins allowed by CORS and the WebSocket origin check, besides PUBLIC_URL's own. */
  corsOrigins: string[]
  /** Where the built client lives (index.html, assets, sw.js). */
  clientDir: string
  /**
   * Web Push: the VAPID key pair and contact (unset: a pair generated once and kept in DATA_DIR, see
   * features/push/vapid-keys.ts), and the push-service origins exempt from the public-https rule
   * (PUSH_ALLOWED_ORIGINS, for a local stand-in in tests; empty in production).
   */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined
    subject: string
    allowedOrigins: string[]
  }
  metrics: MetricsConfig
  /**
   * Brands' webhooks: the receiver origins exempt from the public-https rule (WEBHOOK_ALLOWED_ORIGINS,
   * a local receiver in tests; empty in production), the waits between a failed delivery's attempts
   * (WEBHOOK_RETRY_SCHEDULE_MS, comma-separated milliseconds) and the per-attempt timeout.
   */
  webhooks: WebhooksConfig
}

export { ConfigError }

type Env = Record<string, string | undefined>

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name)
  if (raw === undefined) return undefined
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw new ConfigError(name, `must be a URL, got "${raw}"`)
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`)
  }
  return raw
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(name, `must be 1/0, true/false, yes/no or on/off, got "${raw}"`)
}

/** Both halves of a pair must be set together, or neither: half a credential is a mistake. */
function pair(env: Env, first: string, second: string): [string, string] | undefined {
  const a = text(env, first)
  const b = text(env, second)
  if (a && b) return [a, b]
  if (a || b) throw new ConfigError(a ? second : first, `must be set together with ${a ? first : second}`)
  return undefined
}

function adminFrom(env: Env): Config['admin'] {
  const username = text(env, 'ADMIN_USERNAME')
  const email = text(env, 'ADMIN_EMAIL')
  const password = text(env, 'ADMIN_PASSWORD')
  if (!username && !email && !password) return undefined
  if (!username)
    throw new ConfigError('ADMIN_USERNAME', 'is required when ADMIN_EMAIL or ADMIN_PASSWORD is set')
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new ConfigError('ADMIN_EMAIL', 'must be an e-mail address when ADMIN_USERNAME is set')
  }
  if (!password || password.length < 12) {
    // 12, not 8: the admin account can move money, so it gets a stricter floor than users.
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 12 characters when ADMIN_USERNAME is set')
  }
  return { username, email, password }
}

/** TRUST_PROXY: unset/0/false = trust no proxy; a hop count; or a comma list of addresses and CIDRs. */
function trustProxy(env: Env): Config['trustProxy'] {
  const raw = text(env, 'TRUST_PROXY')
  if (raw === undefined || ['0', 'false', 'off', 'no'].includes(raw.toLowerCase())) return false
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw)
    if (hops > 10) throw new ConfigError('TRUST_PROXY', `hop count must be at most 10, got ${hops}`)
    return hops
  }
  // `true` (trust every hop) would let any client pick its own address: refuse it rather than guess.
  if (['true', 'on', 'yes', '1'].includes(raw.toLowerCase())) {
    throw new ConfigError('TRUST_PROXY', 'must be a hop count or a list of proxy addresses, not "true"')
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    if (
      !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry) &&
      !['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    ) {
      throw new ConfigError('TRUST_PROXY', `must be a hop count or addresses/CIDR ranges, got "${entry}"`)
    }
  }
  return entries
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65_535)
  const host = text(env, 'HOST') ?? '0.0.0.0'
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/$/,
    '',
  )
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info'
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`)
  }
  const turnstile = pair(env, 'TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET')
  const twitch = pair(env, 'TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET')
  const corsOrigins = (text(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError('CORS_ORIGINS', `must be a comma-separated list of origins, got "${origin}"`)
    }
  }
  return {
    port,
    host,
    publicUrl,
    dataDir: resolve(cwd, text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: redisPrefix(
      text(env, 'REDIS_PREFIX'),
      url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
      resolve(cwd, text(env, 'DATA_DIR') ?? 'data'),
    ),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Streamdeals <no-reply@streamdeals.local>',
    legalIdentity: legalIdentityFrom(env),
    admin: adminFrom(env),
    // Demo content by default only on the embedded database: a PostgreSQL deployment opts in.
    seedDemo: boolean(env, 'SEED_DEMO', text(env, 'DATABASE_URL') === undefined),
    turnstile: turnstile && {
      siteKey: turnstile[0],
      secret: turnstile[1],
      verifyUrl:
        url(env, 'TURNSTILE_VERIFY_URL', ['http:', 'https:']) ??
        'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    },
    twitch: twitch && {
      clientId: twitch[0],
      clientSecret: twitch[1],
      // Overridable so tests (and a proxy) can stand in for Twitch's OAuth and Helix APIs.
      urls: {
        oauth: (url(env, 'TWITCH_OAUTH_URL', ['http:', 'https:']) ?? 'https://id.twitch.tv/oauth2').replace(
          /\/+$/,
          '',
        ),
        api: (url(env, 'TWITCH_API_URL', ['http:', 'https:']) ?? 'https://api.twitch.tv/helix').replace(
          /\/+$/,
          '',
        ),
      },
    },
    stripePublicKey: text(env, 'VITE_STRIPE_PUBLIC_KEY'),
    stripe: stripeFrom(env),
    // 1000 cents = 10.00 EUR: below that, bank transfer fees eat the payout.
    minPayoutCents: integer(env, 'MIN_PAYOUT_CENTS', 1000, 1, 100_000_000),
    sepaDebtor: sepaDebtorFrom(env),
    // 72 h: long enough to spot bought clicks and reverse them before they can leave as a payout.
    earningsHoldHours: integer(env, 'EARNINGS_HOLD_HOURS', 72, 0, 24 * 365),
    trustProxy: trustProxy(env),
    // 30 days: long enough to investigate a complaint, short enough that attack traffic cannot pile up.
    retentionDays: integer(env, 'RETENTION_DAYS', 30, 1, 3650),
    logLevel: logLevel as Config['logLevel'],
    corsOrigins,
    clientDir: resolve(cwd, text(env, 'CLIENT_DIR') ?? 'dist/client'),
    push: pushFrom(env, publicUrl),
    webhooks: webhooksFrom(env),
    metrics: metricsFrom(env, port),
  }
}

/** STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET (both or neither: a payment never credited is worse than none), STRIPE_API_URL. */
function stripeFrom(env: Env): Config['stripe'] {
  const keys = pair(env, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET')
  const api = new URL(url(env, 'STRIPE_API_URL', ['http:', 'https:']) ?? 'https://api.stripe.com')
  if (!keys) return undefined
  if (!/^(sk|rk)_/.test(keys[0]))
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_…)')
  if (!keys[1].startsWith('whsec_'))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)')
  const protocol = api.protocol === 'http:' ? 'http' : 'https'
  const port = api.port ? Number(api.port) : protocol === 'http' ? 80 : 443
  return { secretKey: keys[0], webhookSecret: keys[1], api: { host: api.hostname, port, protocol } }
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (both or neither), VAPID_SUBJECT, PUSH_ALLOWED_ORIGINS. */
function pushFrom(env: Env, publicUrl: string): Config['push'] {
  const keys = pair(env, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY')
  // Push services ask for a way to reach the sender: a mailto: or an https: URL (RFC 8292, section 2.1);
  // a local http:// PUBLIC_URL is neither, so the default is then a mailto: of the default sender.
  const subject =
    text(env, 'VAPID_SUBJECT') ??
    (publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@streamdeals.local')
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT', `must be a mailto: or https: URL, got "${subject}"`)
  }
  const allowedOrigins = (text(env, 'PUSH_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        'PUSH_ALLOWED_ORIGINS',
        `must be a comma-separated list of origins, got "${origin}"`,
      )
    }
  }
  return {
    vapid: keys && { publicKey: keys[0], privateKey: keys[1] },
    subject,
    allowedOrigins: allowedOrigins.map((origin) => new URL(origin).origin),
  }
}
