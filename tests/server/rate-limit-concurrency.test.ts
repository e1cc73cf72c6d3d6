/**
 * Sign-in limits under concurrent attack, on the embedded store and on Redis (when REDIS_URL is set):
 * failures are reserved before the password is checked, so a burst cannot all read "not yet at the
 * limit". A 401 means the password was checked, a 429 that it was refused unchecked.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { authLimits } from '#server/features/auth/auth-limits.ts'
import { memoryRateLimitStore, type RateLimitStore, redisRateLimitStore } from '#server/plugins/rate-limit.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { signin, signup, strongPassword, uniqueName } from './auth-helpers'

const redisUrl = process.env.REDIS_URL
if (!redisUrl) {
  console.warn(
    'rate-limit-concurrency.test.ts runs on the memory store only: set REDIS_URL=redis://127.0.0.1:6379 for Redis too',
  )
}
type StoreKind = 'memory' | 'redis'
const kinds: StoreKind[] = redisUrl ? ['memory', 'redis'] : ['memory']
const apps = new Map<StoreKind, TestApp>()

beforeAll(async () => {
  for (const kind of kinds) {
    // Each app has a database of its own, hence a Redis namespace of its own.
    apps.set(
      kind,
      await createTestApp({ seed: false, env: kind === 'redis' ? { REDIS_URL: redisUrl ?? '' } : {} }),
    )
  }
})

afterAll(async () => {
  for (const testApp of apps.values()) await testApp.close()
})

const appOn = (kind: StoreKind) => {
  const testApp = apps.get(kind)
  if (!testApp) throw new Error(`no ${kind} app`)
  return testApp.app
}

const statuses = (answers: Array<{ statusCode: number }>) => ({
  checked: answers.filter((answer) => answer.statusCode === 401).length,
  refused: answers.filter((answer) => answer.statusCode === 429).length,
})

let addressCounter = 0
/** A fresh address per test, so per-address counters never carry over between tests. */
const freshAddress = () => {
  addressCounter += 1
  return `10.${kinds.length}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`
}

for (const kind of kinds) {
  test(`60 concurrent wrong guesses on one account: 10 passwords are checked, 50 refused with 429 (${kind})`, async () => {
    const app = appOn(kind)
    const victim = await signup(app)
    const attacker = freshAddress()
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        signin(app, victim.username, `Wrong-password-${index}`, attacker),
      ),
    )
    expect(statuses(answers)).toEqual({ checked: authLimits.signinAccountAddress.max, refused: 50 })
  })

  test(`the right password sent among concurrent wrong guesses past the limit is refused with 429 (${kind})`, async () => {
    const app = appOn(kind)
    const victim = await signup(app)
    const attacker = freshAddress()
    const rightAt = 37
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signin(
          app,
          victim.username,
          index === rightAt ? strongPassword : `Wrong-password-${index}`,
          attacker,
        ),
      ),
    )
    expect(answers[rightAt]?.statusCode).toBe(429)
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(false)
    expect(statuses(answers).checked).toBeLessThanOrEqual(authLimits.signinAccountAddress.max)
  })

  test(`the per-address limit holds under 200 concurrent failures with 18 left (${kind})`, async () => {
    const app = appOn(kind)
    const attacker = freshAddress()
    const left = 18
    // The attacker's earlier failures on other accounts, taken straight from the limiter to keep the test fast.
    for (let used = 0; used < authLimits.signinAddress.max - left; used += 1) {
      await app.rateLimiter.reserveAll([[authLimits.signinAddress, attacker]])
    }
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => signin(app, uniqueName('target'), 'Wrong-password-1', attacker)),
    )
    expect(statuses(answers)).toEqual({ checked: left, refused: 200 - left })
  })

  test(`an attacker's 50 wrong guesses from one address do not stop the owner signing in from another (${kind})`, async () => {
    const app = appOn(kind)
    const owner = await signup(app)
    const attacker = freshAddress()
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signin(app, owner.username, `Wrong-password-${index}`, attacker),
      ),
    )
    expect(statuses(answers).refused).toBe(40)
    expect((await signin(app, owner.username, strongPassword, freshAddress())).statusCode).toBe(200)
    // The attacker's address stays stopped on that account, even with the right password.
    expect((await signin(app, owner.username, strongPassword, attacker)).statusCode).toBe(429)
  })

  test(`30 concurrent wrong current passwords on a profile: 10 are checked, 20 refused with 429 (${kind})`, async () => {
    const app = appOn(kind)
    const { username, auth } = await signup(app)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(app, 'userUpdate', {
          params: { user: username },
          body: { plainPassword: 'N3w-password-1', currentPassword: `Wrong-password-${index}` },
          headers: auth,
        }),
      ),
    )
    const checked = answers.filter((answer) => answer.statusCode === 400).length
    expect({ checked, refused: statuses(answers).refused }).toEqual({
      checked: authLimits.currentPassword.max,
      refused: 30 - authLimits.currentPassword.max,
    })
  })

  test(`a counter given back more often than taken stays at zero and keeps its expiry (${kind})`, async () => {
    const connection = kind === 'redis' ? new Redis(redisUrl ?? '') : undefined
    const store: RateLimitStore = connection
      ? redisRateLimitStore(connection, `test-${randomBytes(6).toString('hex')}`)
      : memoryRateLimitStore()
    try {
      const windowMs = 60_000
      expect((await store.reserve('k', 2, windowMs)).granted).toBe(true)
      for (let extra = 0; extra < 3; extra += 1) await store.release('k')
      expect((await store.peek('k'))?.count).toBe(0)
      const again = await store.reserve('k', 2, windowMs)
      expect(again).toMatchObject({ granted: true, count: 1 })
      expect((await store.reserve('k', 2, windowMs)).granted).toBe(true)
      const full = await store.reserve('k', 2, windowMs)
      expect(full).toMatchObject({ granted: false, count: 2 })
      expect(full.resetInMs).toBeGreaterThan(0)
      expect(full.resetInMs).toBeLessThanOrEqual(windowMs)
      await store.release('k')
      expect((await store.peek('k'))?.count).toBe(1)
    } finally {
      store.close()
    }
  })
}
