import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '#server/db/schema.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { body, paramValue, queryString } from './fuzz-inputs'
import {
  authHeaders,
  createIdentities,
  databaseFingerprint,
  endpointNames,
  expectCleanPrototypes,
  expectContractResponse,
  type Identity,
  type IdentityKind,
  refreshIdentity,
} from './fuzz-support'

// Property-based requests over every row of the endpoint table, as an anonymous visitor, a user and an
// admin: random and malformed params, query strings, bodies and content types. The server must never
// answer 5xx, every error must be the contract's body, and a rejected request must write nothing.

// 12 runs per row and identity keep the whole file near a minute; FUZZ_RUNS raises it for a deep run.
const numRuns = Number(process.env.FUZZ_RUNS ?? 12)

let testApp: TestApp
let identities: Record<IdentityKind, Identity>
let missionCodes: string[] = []
/** The database as the last accepted request left it: a rejected request must leave it so. */
let fingerprint: Record<string, string> = {}
/** Non-GET requests the server accepted despite fuzzed input: listed, since they may be legitimate. */
const accepted: string[] = []

beforeAll(async () => {
  testApp = await createTestApp()
  identities = await createIdentities(testApp.app)
  const missions = await testApp.app.inject({ method: 'GET', url: '/api/deals/missions' })
  missionCodes = (missions.json() as { items?: { code: string }[] }).items?.map((item) => item.code) ?? []
  fingerprint = await databaseFingerprint(testApp.app)
}, 120_000)

afterAll(async () => {
  if (accepted.length) console.info(`fuzzed writes the server accepted:\n${accepted.slice(0, 20).join('\n')}`)
  await testApp?.close()
})

/** Real values for each placeholder, so fuzzing also gets past access checks and lookups. */
function knownValues(identity: Identity, placeholder: string): string[] {
  const own = identity.user ? [identity.user.username] : []
  const other = identities.user.user?.username ?? 'someone'
  switch (placeholder) {
    case 'username':
    case 'user':
      return [...own, other]
    case 'code':
      return missionCodes.slice(0, 3)
    case 'domain':
      return ['faq', 'terms', 'home']
    case 'local':
      return ['en', 'fr', 'xx']
    case 'token':
      return identity.user ? [identity.user.token] : []
    default:
      return []
  }
}

const placeholders = (name: EndpointName) =>
  [...endpoints[name].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '')

function urlArbitrary(name: EndpointName, identity: Identity): fc.Arbitrary<string> {
  const names = placeholders(name)
  const values = names.map((placeholder) => paramValue(knownValues(identity, placeholder)))
  return fc
    .tuple(fc.tuple(...values), queryString)
    .map(
      ([filled, query]) =>
        endpoints[name].path.replace(
          /\{(\w+)\}/g,
          (_match, key: string) => filled[names.indexOf(key)] ?? 'x',
        ) + query,
    )
}

const kinds: IdentityKind[] = ['anonymous', 'user', 'admin']
const cases = endpointNames.flatMap((name) => kinds.map((kind) => [name, kind] as const))

test.each(cases)(
  'fuzzed %s as %s: no 5xx, contract errors, nothing written on rejection',
  async (name, kind) => {
    const identity = identities[kind]
    const { method } = endpoints[name]
    await fc.assert(
      fc.asyncProperty(
        urlArbitrary(name, identity),
        body,
        fc.ipV4(),
        async (url, { payload, contentType }, ip) => {
          const headers: Record<string, string> = { ...authHeaders(identity) }
          if (contentType !== undefined) headers['content-type'] = contentType
          const response = await testApp.app.inject({
            method,
            url,
            headers,
            // A different client address per request, so rate limits do not hide the handlers behind 429s.
            remoteAddress: ip,
            ...(payload === undefined || method === 'GET' ? {} : { payload }),
          })
          const label = `${method} ${url.slice(0, 120)} [${contentType ?? 'no type'}] ${String(payload).slice(0, 80)}`
          expectContractResponse(response, label)
          if (response.statusCode >= 400) {
            expect(await databaseFingerprint(testApp.app), `${label} changed the database`).toEqual(
              fingerprint,
            )
            return
          }
          // Accepted: the database may legitimately have changed; that state is the next baseline.
          if (method !== 'GET') {
            accepted.push(`${response.statusCode} ${label}`)
            await refreshIdentity(testApp.app, identity)
          }
          fingerprint = await databaseFingerprint(testApp.app)
        },
      ),
      { numRuns },
    )
    expectCleanPrototypes()
  },
)

test('after the whole run, no user gained a role and the prototypes are clean', async () => {
  expectCleanPrototypes()
  const user = identities.user.user
  if (!user) throw new Error('no fuzz user')
  const [row] = await testApp.app.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id))
  expect(row?.roles).toEqual(['user'])
  const admins = await testApp.app.db.select({ roles: users.roles, username: users.username }).from(users)
  expect(admins.filter((entry) => entry.roles.includes('admin')).map((entry) => entry.username)).toEqual([
    identities.admin.user?.username,
  ])
})
