/**
 * Provider (brand) text in the reader's language: stored per locale, picked with the
 * English fallback on every read that carries it, edited per locale by admins, and kept as English by
 * the migration that made it localized.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { makeMission } from './deals-fixtures'

let testApp: TestApp
let admin: TestUser
let streamer: TestUser

beforeAll(async () => {
  testApp = await createTestApp()
  admin = await makeUser(testApp.app, { username: 'brandadmin', admin: true })
  streamer = await makeUser(testApp.app, { username: 'lea' })
})

afterAll(async () => {
  await testApp?.close()
})

type Language = 'en' | 'fr' | 'es'

/** The request headers of a reader: their session when signed in, their language when they send one. */
const reader = (options: { who?: TestUser; language?: Language } = {}) => ({
  ...(options.who ? options.who.auth : {}),
  ...(options.language ? { 'accept-language': options.language } : {}),
})

const english = 'Handmade keyboards for long streams.'
const french = 'Des claviers faits main pour les longs streams.'

/** A provider with English and French text only, and a published mission of it the streamer takes. */
async function brandWithMission(slug: string) {
  const created = await call(testApp.app, 'adminProviderCreate', {
    headers: admin.auth,
    body: { name: 'Keycraft', slug, description: { en: english, fr: french }, theme: 'default' },
  })
  expect(created.statusCode).toBe(201)
  const provider = created.json()
  const code = await makeMission(testApp.app, { providerId: provider.id })
  return { provider, code }
}

test('a provider’s text comes back in the reader’s language, English where it has no translation', async () => {
  const { code } = await brandWithMission('keycraft')
  const expected: Record<Language, string> = { fr: french, es: english, en: english }
  for (const language of ['fr', 'es', 'en'] as const) {
    const mission = (
      await call(testApp.app, 'mission', { params: { code }, headers: reader({ language }) })
    ).json()
    expect(mission.provider.description, `mission in ${language}`).toBe(expected[language])
    const catalogue = (await call(testApp.app, 'missions', { headers: reader({ language }) })).json()
    const listed = catalogue.items.find((item: { code: string }) => item.code === code)
    expect(listed.provider.description, `catalogue in ${language}`).toBe(expected[language])
  }

  const taken = await call(testApp.app, 'subscriptionCreate', {
    params: { code, username: 'lea' },
    headers: reader({ who: streamer, language: 'fr' }),
  })
  expect(taken.statusCode).toBeLessThan(300)
  for (const language of ['fr', 'es', 'en'] as const) {
    // The deal list has its own narrow read (deal-list.ts), the deal page the full one.
    const list = (
      await call(testApp.app, 'userDeals', {
        params: { username: 'lea' },
        headers: reader({ who: streamer, language }),
      })
    ).json()
    const deal = list.items.find((item: { mission: { code: string } }) => item.mission.code === code)
    expect(deal.mission.provider.description, `deal list in ${language}`).toBe(expected[language])
    const page = (
      await call(testApp.app, 'userDeal', {
        params: { username: 'lea', code },
        headers: reader({ who: streamer, language }),
      })
    ).json()
    expect(page.mission.provider.description, `deal page in ${language}`).toBe(expected[language])
  }
})

test('admins edit a provider’s text per language and read every language back', async () => {
  const { provider, code } = await brandWithMission('keycraft-two')
  expect(provider.description).toEqual({ en: english, fr: french })

  const spanish = 'Teclados hechos a mano para directos largos.'
  const updated = await call(testApp.app, 'adminProviderUpdate', {
    params: { id: provider.id },
    headers: admin.auth,
    body: {
      name: 'Keycraft',
      slug: 'keycraft-two',
      theme: 'default',
      // An emptied translation is dropped, so French readers get the English text, not a blank.
      description: { en: english, fr: '  ', es: spanish },
    },
  })
  expect(updated.statusCode).toBe(200)
  expect(updated.json().description).toEqual({ en: english, es: spanish })
  const listed = (await call(testApp.app, 'adminProviders', { headers: admin.auth })).json().items
  expect(listed.find((item: { id: string }) => item.id === provider.id).description).toEqual({
    en: english,
    es: spanish,
  })
  const inFrench = (
    await call(testApp.app, 'mission', { params: { code }, headers: reader({ language: 'fr' }) })
  ).json()
  expect(inFrench.provider.description).toBe(english)
  const inSpanish = (
    await call(testApp.app, 'mission', { params: { code }, headers: reader({ language: 'es' }) })
  ).json()
  expect(inSpanish.provider.description).toBe(spanish)

  // A translation without the English text it falls back to is refused on the English field.
  // Off the contract (no English text), so sent raw.
  const orphan = await testApp.app.inject({
    method: 'PUT',
    url: endpoint('adminProviderUpdate', { id: provider.id }),
    headers: admin.auth,
    payload: { name: 'Keycraft', slug: 'keycraft-two', theme: 'default', description: { fr: french } },
  })
  expect(orphan.statusCode).toBe(400)
  expect(orphan.json().errors.children.description.children.en.errors).toEqual(['validation.required'])
  // A plain string (the old shape) and an unknown language are refused too.
  for (const description of [english, { en: english, de: 'Tastaturen' }]) {
    // Off the contract (a string, an unsupported language), so sent raw.
    const refused = await testApp.app.inject({
      method: 'PUT',
      url: endpoint('adminProviderUpdate', { id: provider.id }),
      headers: admin.auth,
      payload: { name: 'Keycraft', slug: 'keycraft-two', theme: 'default', description },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors.children.description).toBeDefined()
  }
})

test('the admin deal list names each mission in the admin’s language, English where it has none', async () => {
  const code = await makeMission(testApp.app, {
    title: { en: 'Keyboard week', fr: 'Semaine du clavier' },
  })
  await call(testApp.app, 'subscriptionCreate', { params: { code, username: 'lea' }, headers: streamer.auth })
  const titleIn = async (language: Language) => {
    const items = (
      await call(testApp.app, 'adminDeals', { query: { q: code }, headers: reader({ who: admin, language }) })
    ).json().items
    return items.find((item: { missionCode: string }) => item.missionCode === code)?.missionTitle
  }
  expect(await titleIn('fr')).toBe('Semaine du clavier')
  expect(await titleIn('es')).toBe('Keyboard week')
  expect(await titleIn('en')).toBe('Keyboard week')
})

test('the migration keeps a provider’s existing text as its English text', async () => {
  const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url))
  const before = await mkdtemp(join(tmpdir(), 'streamdeals-migrations-'))
  const client = new PGlite()
  try {
    // The migrations up to the one before: providers.description is still plain text there.
    await cp(migrations, before, { recursive: true })
    const journalPath = join(before, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] }
    const at = journal.entries.findIndex((entry) => entry.tag === '0006_localized_provider_text')
    expect(at).toBeGreaterThan(0)
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }))
    const db = drizzle({ client })
    await migrate(db, { migrationsFolder: before })
    await client.query(
      `insert into providers (name, slug, description) values ('Old', 'old', 'Text from before'), ('Bare', 'bare', default)`,
    )

    await migrate(db, { migrationsFolder: migrations })
    const rows = await db.execute<{ slug: string; description: unknown }>(
      sql`select slug, description from providers order by slug`,
    )
    expect(rows.rows).toEqual([
      { slug: 'bare', description: { en: '' } },
      { slug: 'old', description: { en: 'Text from before' } },
    ])
    await client.query(`insert into providers (name, slug) values ('New', 'new')`)
    const [added] = (
      await db.execute<{ description: unknown }>(sql`select description from providers where slug = 'new'`)
    ).rows
    expect(added?.description).toEqual({ en: '' })
  } finally {
    await client.close()
    await rm(before, { recursive: true, force: true })
  }
})
