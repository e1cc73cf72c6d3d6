/**
 * Creator codes a streamer chooses: readable, unique whatever the case, checked (length, characters,
 * reserved words), changeable at most three times in 30 days, and a code given up keeps naming its
 * former owner for 30 days, during which nobody else may take it. Attacker: two users racing for one
 * code, and a stranger taking a code just given up.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { retiredCreatorCodes, users } from '#server/db/schema.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { signup } from './auth-helpers'

let testApp: TestApp
let serial = 0

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp?.close()
})

const fresh = () => makeUser(testApp.app, { username: `coder${Date.now().toString(36)}${serial++}` })
/** A code no other run of this file (on a shared PostgreSQL) has used. */
const unique = (stem: string) => `${stem}${Date.now().toString(36).slice(-5)}${serial++}`.slice(0, 16)

const choose = (user: TestUser, code: string, as: TestUser = user) =>
  call(testApp.app, 'creatorCodeUpdate', {
    params: { user: user.username },
    headers: as.auth,
    body: { code },
  })

const refusal = (response: { json(): unknown }) =>
  (response.json() as { errors?: { children?: { code?: { errors?: string[] } } } }).errors?.children?.code
    ?.errors?.[0]

const codeOf = async (user: TestUser) =>
  (await testApp.app.db.select().from(users).where(eq(users.id, user.id)))[0]?.creatorCode

test('a new streamer’s code reads as their name, then six characters without look-alikes (no 0/O, 1/I/L)', async () => {
  const { user, username } = await signup(testApp.app, {
    username: `ada_fr${serial++}${Date.now().toString(36)}`,
  })
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, user.id))
  const stem = username
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()
  expect(row?.creatorCode).toMatch(new RegExp(`^${stem}[2-9A-HJKMNP-Z]{6}$`))
})

test('a streamer chooses a readable code, kept as typed; another case of it is the same code', async () => {
  const ada = await fresh()
  const bob = await fresh()
  const code = unique('MaxPlays')
  const answer = await choose(ada, code)
  expect(answer.statusCode).toBe(200)
  expect(answer.json().creatorCode).toBe(code)
  const other = await choose(bob, code.toLowerCase())
  expect(other.statusCode).toBe(400)
  expect(refusal(other)).toBe('creator_code.taken')
  // Only the case changing is the owner's right, and no change counted.
  expect((await choose(ada, code.toUpperCase())).statusCode).toBe(200)
  expect(await codeOf(ada)).toBe(code.toUpperCase())
})

test('length, characters and reserved words are checked', async () => {
  const ada = await fresh()
  const cases: Array<[string, string]> = [
    ['abc', 'creator_code.length'],
    ['a'.repeat(17), 'creator_code.length'],
    ['max plays', 'creator_code.charset'],
    ['MaxPlays!', 'creator_code.charset'],
    ['Élodie42', 'creator_code.charset'],
    ['Admin', 'creator_code.reserved'],
    ['StreamDealsFan', 'creator_code.reserved'],
    ['null', 'creator_code.reserved'],
  ]
  for (const [code, key] of cases) {
    const answer = await choose(ada, code)
    expect(answer.statusCode, code).toBe(400)
    expect(refusal(answer), code).toBe(key)
  }
})

test('the code given up still names its owner at sign-up for 30 days, then no one', async () => {
  const ada = await fresh()
  const old = unique('OldCode')
  const next = unique('NewCode')
  expect((await choose(ada, old)).statusCode).toBe(200)
  expect((await choose(ada, next)).statusCode).toBe(200)
  const viewer = await signup(testApp.app, { sponsor: old.toLowerCase() })
  const [row] = await testApp.app.db.select().from(users).where(eq(users.id, viewer.user.id))
  expect(row?.sponsorCode).toBe(next)
  await testApp.app.db
    .update(retiredCreatorCodes)
    .set({ retiredAt: sql`now() - interval '31 days'` })
    .where(eq(retiredCreatorCodes.userId, ada.id))
  await expect(signup(testApp.app, { sponsor: old })).rejects.toThrow(/sponsor\.unknown/)
})

test('attacker: someone else’s code given up less than 30 days ago is refused; its owner may take it back', async () => {
  const ada = await fresh()
  const mallory = await fresh()
  const wanted = unique('Famous')
  expect((await choose(ada, wanted)).statusCode).toBe(200)
  expect((await choose(ada, unique('Renamed'))).statusCode).toBe(200)
  const taken = await choose(mallory, wanted.toLowerCase())
  expect(taken.statusCode).toBe(400)
  expect(refusal(taken)).toBe('creator_code.retired')
  expect((await choose(ada, wanted)).statusCode).toBe(200)
  expect(await codeOf(ada)).toBe(wanted)
})

test('a code given up more than 30 days ago is free again', async () => {
  const ada = await fresh()
  const bob = await fresh()
  const wanted = unique('Vintage')
  expect((await choose(ada, wanted)).statusCode).toBe(200)
  expect((await choose(ada, unique('Modern'))).statusCode).toBe(200)
  await testApp.app.db
    .update(retiredCreatorCodes)
    .set({ retiredAt: sql`now() - interval '31 days'` })
    .where(eq(retiredCreatorCodes.userId, ada.id))
  expect((await choose(bob, wanted)).statusCode).toBe(200)
})

test('three changes in 30 days, not a fourth', async () => {
  const ada = await fresh()
  for (let change = 0; change < 3; change++) expect((await choose(ada, unique('Step'))).statusCode).toBe(200)
  const fourth = await choose(ada, unique('Step'))
  expect(fourth.statusCode).toBe(400)
  expect(refusal(fourth)).toBe('creator_code.too_many_changes')
})

test('attacker: another user cannot change my code', async () => {
  const ada = await fresh()
  const mallory = await fresh()
  const before = await codeOf(ada)
  expect((await choose(ada, unique('Hijack'), mallory)).statusCode).toBe(403)
  expect(await codeOf(ada)).toBe(before)
})

test('attacker: users racing for one code, exactly one gets it', async () => {
  const racers = await Promise.all(Array.from({ length: 6 }, () => fresh()))
  const wanted = unique('Prize')
  const answers = await Promise.all(
    racers.map((racer, index) => choose(racer, index % 2 ? wanted.toLowerCase() : wanted.toUpperCase())),
  )
  expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
  for (const answer of answers.filter((one) => one.statusCode !== 200)) {
    expect(answer.statusCode).toBe(400)
    expect(refusal(answer)).toBe('creator_code.taken')
  }
  const holders = await testApp.app.db
    .select({ id: users.id })
    .from(users)
    .where(sql`upper(${users.creatorCode}) = ${wanted.toUpperCase()}`)
  expect(holders).toHaveLength(1)
})

test('attacker: giving a code up and a stranger taking it at once never leave both holding it', async () => {
  for (let round = 0; round < 5; round++) {
    const ada = await fresh()
    const mallory = await fresh()
    const wanted = unique('Swap')
    expect((await choose(ada, wanted)).statusCode).toBe(200)
    const [given, grabbed] = await Promise.all([choose(ada, unique('Elsewhere')), choose(mallory, wanted)])
    expect(given.statusCode).toBe(200)
    // Either the stranger was first (it was still Ada's: taken) or second (given up: retired).
    expect(grabbed.statusCode).toBe(400)
    expect(['creator_code.taken', 'creator_code.retired']).toContain(refusal(grabbed))
  }
})
