/**
 * Fixed-window counters for brute-force protection, keyed by whatever the caller chooses (an account,
 * a client address). With REDIS_URL the counters live in Redis, so every node sees the same ones;
 * otherwise in memory. Every counter carries its own expiry: a limit always lifts by itself.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { rateLimited } from '../http/api-error'

export interface RateRule {
  /** Namespaces the counter, e.g. `signin:account`. */
  name: string
  max: number
  windowMs: number
}

export interface RateCount {
  count: number
  /** Milliseconds until the window ends and the counter disappears. */
  resetInMs: number
}

export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<RateCount>
  peek(key: string): Promise<RateCount | null>
  reset(key: string): Promise<void>
  close(): void
}

// Sweeping expired counters once a minute keeps memory bounded without a timer per key.
const SWEEP_INTERVAL_MS = 60_000

export function memoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string) => {
    const entry = counters.get(key)
    if (entry && entry.resetAt <= now()) {
      counters.delete(key)
      return undefined
    }
    return entry
  }
  const sweep = setInterval(() => {
    for (const key of counters.keys()) live(key)
  }, SWEEP_INTERVAL_MS)
  sweep.unref()
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs }
      entry.count += 1
      counters.set(key, entry)
      return { count: entry.count, resetInMs: entry.resetAt - now() }
    },
    async peek(key) {
      const entry = live(key)
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now() } : null
    },
    async reset(key) {
      counters.delete(key)
    },
    close: () => clearInterval(sweep),
  }
}

/** `namespace` separates deployments (and test databases) sharing one Redis. */
export function redisRateLimitStore(redis: Redis, namespace = 'default'): RateLimitStore {
  const prefix = `ratelimit:${namespace}:`
  return {
    async increment(key, windowMs) {
      // INCR then PEXPIRE NX in one round trip: the first hit of a window sets its expiry, later hits keep it.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()
      const count = Number(results?.[0]?.[1] ?? 1)
      const ttl = Number(results?.[2]?.[1] ?? windowMs)
      return { count, resetInMs: ttl > 0 ? ttl : windowMs }
    },
    async peek(key) {
      const [value, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)])
      if (value === null || ttl <= 0) return null
      return { count: Number(value), resetInMs: ttl }
    },
    async reset(key) {
      await redis.del(prefix + key)
    },
    close: () => redis.disconnect(),
  }
}

const retryAfterSeconds = (count: RateCount) => Math.max(1, Math.ceil(count.resetInMs / 1000))

export interface RateLimiter {
  /** Counts one attempt; throws 429 RATE_LIMITED (with Retry-After) once the rule's maximum is passed. */
  consume(rule: RateRule, subject: string): Promise<void>
  /** Throws 429 when the subject is already at its maximum, without counting (for failure-only limits). */
  check(rule: RateRule, subject: string): Promise<void>
  /** Counts a failure without throwing; the next `check` refuses when the maximum is reached. */
  record(rule: RateRule, subject: string): Promise<void>
  reset(rule: RateRule, subject: string): Promise<void>
}

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  // Subjects are lower-cased so `Alice` and `alice` share one counter.
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`
  return {
    async consume(rule, subject) {
      const count = await store.increment(keyOf(rule, subject), rule.windowMs)
      if (count.count > rule.max) throw rateLimited(retryAfterSeconds(count))
    },
    async check(rule, subject) {
      const count = await store.peek(keyOf(rule, subject))
      if (count && count.count >= rule.max) throw rateLimited(retryAfterSeconds(count))
    },
    async record(rule, subject) {
      await store.increment(keyOf(rule, subject), rule.windowMs)
    },
    async reset(rule, subject) {
      await store.reset(keyOf(rule, subject))
    },
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter
  }
}

/** Decorates `app.rateLimiter`; registered once, shared by every feature that limits attempts. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl: string | undefined; namespace?: string }) => {
    const store = options.redisUrl
      ? redisRateLimitStore(new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }), options.namespace)
      : memoryRateLimitStore()
    app.decorate('rateLimiter', createRateLimiter(store))
    app.addHook('onClose', async () => store.close())
  },
  { name: 'rate-limit' },
)
