/**
 * Fixed-window counters for brute-force protection, keyed by whatever the caller chooses (an account,
 * a client address). With REDIS_URL the counters live in Redis, so every node sees the same ones
 * (and in this node's memory while Redis is unreachable, see `withLocalFallback`); otherwise in
 * memory. Every counter carries its own expiry: a limit always lifts by itself.
 *
 * Failure-only limits (wrong passwords) reserve before the work they guard and release on success:
 * reading the counter first and writing it after would let every concurrent attempt read the same
 * "not yet at the limit" (60 concurrent guesses had all 60 passwords checked against a limit of 10).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { rateLimited, unavailable } from '../http/api-error'

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

export interface RateReservation extends RateCount {
  /** False when the counter was already at its maximum: nothing was taken. */
  granted: boolean
}

export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<RateCount>
  /** Atomically adds one unless the counter is at `max`; a new counter starts a window of `windowMs`. */
  reserve(key: string, max: number, windowMs: number): Promise<RateReservation>
  /** Atomically takes one off, never below zero, keeping the window's expiry. */
  release(key: string): Promise<void>
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
    // No await between the read and the write: one event-loop turn, so atomic within the process.
    async reserve(key, max, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs }
      const granted = entry.count < max
      if (granted) {
        entry.count += 1
        counters.set(key, entry)
      }
      return { granted, count: entry.count, resetInMs: entry.resetAt - now() }
    },
    async release(key) {
      const entry = live(key)
      if (entry && entry.count > 0) entry.count -= 1
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

/**
 * Read, compare and increment in one script: Redis runs it atomically, so concurrent reservations from
 * every node see each other. The first unit of a window sets its expiry; later ones keep it.
 * Returns {granted 0|1, count, milliseconds left}.
 */
const RESERVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if count >= tonumber(ARGV[1]) then
  return {0, count, ttl}
end
count = redis.call('INCR', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {1, count, ttl}
`

/** DECR keeps the key's expiry; the guard keeps a counter that expired meanwhile from going negative. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`

const numbersOf = (reply: unknown): number[] => (Array.isArray(reply) ? reply.map(Number) : [])

/** `prefix` starts every key: this deployment's REDIS_PREFIX, so deployments sharing one Redis never mix. */
export function redisRateLimitStore(redis: Redis, namespace: string): RateLimitStore {
  const prefix = `${namespace}:ratelimit:`
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
    async reserve(key, max, windowMs) {
      const [granted = 0, count = 0, ttl = windowMs] = numbersOf(
        await redis.eval(RESERVE_SCRIPT, 1, prefix + key, max, windowMs),
      )
      return { granted: granted === 1, count, resetInMs: ttl > 0 ? ttl : windowMs }
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key)
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

/**
 * Shared counters while Redis is connected, this node's own while it is not. Why a local fallback
 * rather than refusing with 503: sign-in, sign-up and recovery stay available through a Redis outage,
 * and guessing stays bounded, per node instead of per deployment (with N nodes behind the balancer, an
 * attacker gets at most N times each limit for the length of the outage). Refusing would turn a Redis
 * outage into a sign-in outage for everyone, to deny an attacker a bounded N-fold gain.
 * Money is not at stake: no route that moves money trusts these counters (payouts, top-ups and
 * wallet writes are guarded by database transactions, idempotency keys and balance checks; clicks
 * that earn are de-duplicated and capped per day in the database).
 *
 * Only a connection known to be down falls back. A connected Redis that answers too late (the command
 * timeout) gets a fast 503 instead: lateness is what a burst of requests against this node causes, and
 * an attacker must not be able to swap the shared count for a fresh local one by loading the node
 * (200 concurrent guesses had 90 passwords checked against 18 left when late answers fell back).
 * Giving units back or resetting a counter may fail quietly: that errs towards counting too much.
 * Counts taken locally stay local: when Redis returns, the shared counters resume where they were.
 */
function withLocalFallback(
  shared: RateLimitStore,
  local: RateLimitStore,
  sharedIsUp: () => boolean,
  log?: { warn(object: object, message: string): void },
): RateLimitStore {
  const late = (error: unknown): never => {
    log?.warn({ err: error }, 'rate limit: Redis answered too late, request refused')
    throw unavailable(1)
  }
  const counting =
    <A extends unknown[], R>(call: (store: RateLimitStore, ...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      sharedIsUp() ? call(shared, ...args).catch(late) : call(local, ...args)
  const forgiving =
    <A extends unknown[]>(call: (store: RateLimitStore, ...args: A) => Promise<void>) =>
    (...args: A): Promise<void> =>
      sharedIsUp() ? call(shared, ...args).catch(() => undefined) : call(local, ...args)
  return {
    increment: counting((store, key: string, windowMs: number) => store.increment(key, windowMs)),
    reserve: counting((store, key: string, max: number, windowMs: number) =>
      store.reserve(key, max, windowMs),
    ),
    peek: counting((store, key: string) => store.peek(key)),
    release: forgiving((store, key: string) => store.release(key)),
    reset: forgiving((store, key: string) => store.reset(key)),
    close: () => shared.close(),
  }
}

const retryAfterSeconds = (count: RateCount) => Math.max(1, Math.ceil(count.resetInMs / 1000))

/** The 429 RATE_LIMITED answer (with Retry-After) for a counter that is full. */
export const refusal = (count: RateCount) => rateLimited(retryAfterSeconds(count))

/** One limit applied to one subject, e.g. `[authLimits.signinAddress, request.ip]`. */
export type RateLimit = readonly [rule: RateRule, subject: string]

/** Units taken under several limits; `release` gives them all back. */
export interface HeldUnits {
  release(): Promise<void>
}

export interface RateLimiter {
  /** Counts one attempt; throws 429 RATE_LIMITED (with Retry-After) once the rule's maximum is passed. */
  consume(rule: RateRule, subject: string): Promise<void>
  /** Takes one of the rule's units for the subject, atomically; says so (granted: false) when none is left. */
  reserve(rule: RateRule, subject: string): Promise<RateReservation>
  /**
   * Takes one unit under each limit in order; when one is full, gives back those already taken and
   * throws its 429. For failure-only limits: keep the units when the attempt fails (they are the failure
   * count), release them when it succeeds.
   */
  reserveAll(limits: readonly RateLimit[]): Promise<HeldUnits>
  /** Gives one unit back (never below zero). */
  release(rule: RateRule, subject: string): Promise<void>
  reset(rule: RateRule, subject: string): Promise<void>
}

function createRateLimiter(store: RateLimitStore): RateLimiter {
  // Subjects are lower-cased so `Alice` and `alice` share one counter.
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`
  const releaseAll = async (limits: readonly RateLimit[]) => {
    await Promise.all(limits.map(([rule, subject]) => store.release(keyOf(rule, subject))))
  }
  return {
    async consume(rule, subject) {
      const count = await store.increment(keyOf(rule, subject), rule.windowMs)
      if (count.count > rule.max) throw refusal(count)
    },
    reserve: (rule, subject) => store.reserve(keyOf(rule, subject), rule.max, rule.windowMs),
    async reserveAll(limits) {
      const held: RateLimit[] = []
      for (const limit of limits) {
        const [rule, subject] = limit
        const reservation = await store.reserve(keyOf(rule, subject), rule.max, rule.windowMs)
        if (!reservation.granted) {
          await releaseAll(held)
          throw refusal(reservation)
        }
        held.push(limit)
      }
      return { release: () => releaseAll(held) }
    },
    async release(rule, subject) {
      await store.release(keyOf(rule, subject))
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
  async (app: FastifyInstance) => {
    const local = memoryRateLimitStore()
    const store = app.redis
      ? withLocalFallback(
          redisRateLimitStore(app.redis.client, app.redis.prefix),
          local,
          app.redis.isUp,
          app.log,
        )
      : local
    app.decorate('rateLimiter', createRateLimiter(store))
    app.addHook('onClose', async () => {
      store.close()
      local.close()
    })
  },
  { name: 'rate-limit', dependencies: ['redis'] },
)
