/** The demo's brand side: one owner account per demo provider, its credentials in the log. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { DEMO_BRAND_PASSWORD } from '#server/db/seed-brands.ts'
import { demoProviders } from '#server/db/seed-missions.ts'
import { call } from '../support/call'
import { createTestDatabase, type TestDatabase } from '../support/test-db'
import { signin } from './auth-helpers'

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
})

/** An app as `npm start` builds it (info-level log captured), with demo seeding on or off. */
async function startApp(seedDemo: boolean) {
  const database: TestDatabase = await createTestDatabase()
  const workDir = mkdtempSync(join(tmpdir(), 'streamdeals-brand-demo-'))
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: seedDemo ? '1' : '0',
    LOG_LEVEL: 'info',
    CLIENT_DIR: join(workDir, 'no-client'),
  })
  const app = await buildApp({ config, logStream: stream })
  await app.ready()
  cleanups.push(async () => {
    await app.close()
    await database.cleanup()
    rmSync(workDir, { recursive: true, force: true })
  })
  return { app, lines }
}

test('demo seeding makes one brand owner per demo provider and prints their credentials', async () => {
  const { app, lines } = await startApp(true)
  const line = lines.find((text) => text.includes('demo brand accounts'))
  expect(line).toBeDefined()
  const logged = JSON.parse(line ?? '{}')
  const expected = demoProviders.map((provider) => `${provider.slug}-brand`).sort()
  expect(logged).toMatchObject({ usernames: expected, demoPassword: DEMO_BRAND_PASSWORD })
  for (const provider of demoProviders) {
    const signedIn = await signin(app, `${provider.slug}-brand`, DEMO_BRAND_PASSWORD)
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json().user.kind).toBe('provider')
    const mine = await call(app, 'brandProviders', {
      headers: { authorization: `Bearer ${signedIn.json().code}` },
    })
    expect(mine.json().items.map((item: { slug: string; role: string }) => [item.slug, item.role])).toEqual([
      [provider.slug, 'owner'],
    ])
  }
})

test('without demo seeding there is no demo brand account and nothing is printed', async () => {
  const { app, lines } = await startApp(false)
  expect(lines.some((text) => text.includes('demo brand accounts'))).toBe(false)
  expect((await signin(app, 'nova-games-brand', DEMO_BRAND_PASSWORD)).statusCode).toBe(401)
})
