import { expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'

const prefixOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/srv/data', ...env }).redisPrefix

test('REDIS_PREFIX is taken as given when it is made of safe characters', () => {
  expect(prefixOf({ REDIS_PREFIX: 'shop-eu.prod_2' })).toBe('shop-eu.prod_2')
})

test('a REDIS_PREFIX with a separator, a glob character, a space or over 64 characters stops start-up', () => {
  for (const bad of ['a:b', 'shop*', 'sh?p', 'a b', '[x]', 'x'.repeat(65)]) {
    expect(() => prefixOf({ REDIS_PREFIX: bad })).toThrow(ConfigError)
    expect(() => prefixOf({ REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX/)
  }
})

test('unset, nodes on one database agree on the prefix whatever credentials they use', () => {
  const first = prefixOf({ DATABASE_URL: 'postgres://app:secret-one@db.internal:5432/streamdeals' })
  const second = prefixOf({ DATABASE_URL: 'postgres://ops:secret-two@db.internal:5432/streamdeals' })
  expect(first).toBe(second)
  expect(first).toMatch(/^streamdeals-[0-9a-f]{12}$/)
})

test('unset, deployments on different databases or data directories get different prefixes', () => {
  const prefixes = new Set([
    prefixOf({ DATABASE_URL: 'postgres://app@db.internal:5432/streamdeals' }),
    prefixOf({ DATABASE_URL: 'postgres://app@db.internal:5432/streamdeals_staging' }),
    prefixOf({ DATABASE_URL: 'postgres://app@other-db.internal:5432/streamdeals' }),
    loadConfig({ DATA_DIR: '/srv/a' }).redisPrefix,
    loadConfig({ DATA_DIR: '/srv/b' }).redisPrefix,
  ])
  expect(prefixes.size).toBe(5)
})
