import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { users } from '#server/db/schema.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'
import { contentTypes, protoPayloads } from './fuzz-inputs'
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

// The fixed hostile inputs every row of the endpoint table gets, beside the random ones of fuzz.test.ts:
// prototype-pollution payloads in every carrier, every odd content type, and an oversized body.

let testApp: TestApp
let identities: Record<IdentityKind, Identity>
let fingerprint: Record<string, string> = {}

beforeAll(async () => {
  testApp = await createTestApp()
  identities = await createIdentities(testApp.app)
  fingerprint = await databaseFingerprint(testApp.app)
}, 120_000)

afterAll(async () => {
  await testApp?.close()
})

/** The row's URL with the identity's own username and harmless values in the other placeholders. */
function urlOf(name: EndpointName, identity: Identity, query = ''): string {
  const own = identity.user?.username ?? 'nobody'
  return (
    endpoints[name].path.replace(/\{(\w+)\}/g, (_match, key: string) =>
      key === 'username' || key === 'user' ? own : `fuzz-${key}`,
    ) + query
  )
}

interface Sent {
  url: string
  contentType?: string
  payload?: string | Buffer
}

/** Sends one request and checks the contract; a rejected request must leave the database as it was. */
async function send(name: EndpointName, identity: Identity, { url, contentType, payload }: Sent) {
  const { method } = endpoints[name]
  const headers: Record<string, string> = { ...authHeaders(identity) }
  if (contentType !== undefined) headers['content-type'] = contentType
  const response = await testApp.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined || method === 'GET' ? {} : { payload }),
  })
  const label = `${method} ${url.slice(0, 100)} [${contentType ?? 'no type'}] ${String(payload).slice(0, 60)}`
  expectContractResponse(response, label)
  if (response.statusCode >= 400) {
    expect(await databaseFingerprint(testApp.app), `${label} changed the database`).toEqual(fingerprint)
  } else {
    await refreshIdentity(testApp.app, identity)
    fingerprint = await databaseFingerprint(testApp.app)
  }
  return response
}

const multipartProto = [
  '--fuzz',
  'Content-Disposition: form-data; name="__proto__"',
  '',
  '{"polluted":"yes"}',
  '--fuzz',
  'Content-Disposition: form-data; name="constructor"',
  '',
  'x',
  '--fuzz--',
  '',
].join('\r\n')

const protoQueries = [
  '?__proto__[polluted]=yes',
  '?constructor[prototype][polluted]=yes',
  '?__proto__.polluted=yes',
]

const signedIn: IdentityKind[] = ['user', 'admin']
const rowsAndIdentities = endpointNames.flatMap((name) => signedIn.map((kind) => [name, kind] as const))

test.each(rowsAndIdentities)('%s as %s: __proto__ payloads have no effect', async (name, kind) => {
  const identity = identities[kind]
  for (const payload of protoPayloads) {
    await send(name, identity, { url: urlOf(name, identity), contentType: 'application/json', payload })
  }
  await send(name, identity, {
    url: urlOf(name, identity),
    contentType: 'multipart/form-data; boundary=fuzz',
    payload: multipartProto,
  })
  for (const query of protoQueries) await send(name, identity, { url: urlOf(name, identity, query) })
  expectCleanPrototypes()
  const user = identities.user.user
  if (!user) throw new Error('no fuzz user')
  const [row] = await testApp.app.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id))
  expect(row?.roles).toEqual(['user'])
})

const bodyRows = endpointNames.filter((name) => endpoints[name].method !== 'GET')

test.each(bodyRows)('%s: every odd content type gets a 4xx or a success, never a 5xx', async (name) => {
  const identity = identities.user
  for (const contentType of contentTypes) {
    for (const payload of ['{"username":"x"}', 'x=1&y=2']) {
      await send(name, identity, { url: urlOf(name, identity), contentType, payload })
    }
  }
})

// Above the 1 MB body limit: refused before any handler runs, in every content type.
const oversized = `{"value":"${'x'.repeat(1_100_000)}"}`

test.each(bodyRows)('%s: an oversized body is refused with 413 and the contract body', async (name) => {
  for (const contentType of ['text/plain', 'application/octet-stream']) {
    const response = await send(name, identities.user, {
      url: urlOf(name, identities.user),
      contentType,
      payload: oversized,
    })
    // A route may refuse earlier (unsupported type, unknown path), but never accept it.
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
  }
  const json = await send(name, identities.user, {
    url: urlOf(name, identities.user),
    contentType: 'application/json',
    payload: oversized,
  })
  if (json.statusCode !== 404) expect([401, 403, 413]).toContain(json.statusCode)
})

// Nested past any validator's stack (750 KB, under the body limit): refused on the raw text, before
// validation, by every row that takes a body, as the admin whom every access rule lets through.
const deepBodies = [
  `{"a":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_001)}`,
  `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
]

test.each(bodyRows)(
  '%s: a deeply nested JSON body is a 4xx in the envelope, never a stack overflow',
  async (name) => {
    for (const payload of deepBodies) {
      const response = await send(name, identities.admin, {
        url: urlOf(name, identities.admin),
        contentType: 'application/json',
        payload,
      })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
    }
  },
)
