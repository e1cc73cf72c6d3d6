// @vitest-environment node
// Node's own fetch and FormData: jsdom's FormData is not one undici can send.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import type { FetchError } from '#client/lib/fetch-json.ts'
import type { User } from '#shared/contract/auth.ts'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let received: Received[] = []
let reply: { status: number; body: unknown } = { status: 200, body: {} }

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  vi.stubEnv('VITE_API_URL', `http://127.0.0.1:${port}`)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(async () => {
  received = []
  reply = { status: 200, body: {} }
  const { signOut } = await import('#client/lib/session.ts')
  signOut()
})

const user = { username: 'alice' } as User

test('a PUT with a FormData body goes out as a POST carrying _method=put', async () => {
  const { api } = await import('#client/lib/http.ts')
  const body = new FormData()
  body.set('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png')
  await api('userUpdate', { params: { user: 'alice' }, body })
  expect(received[0]?.method).toBe('POST')
  expect(received[0]?.url).toBe('/api/user/alice')
  expect(received[0]?.body).toMatch(/name="_method"\r\n\r\nput\r\n/)
})

test('a PUT with a JSON body stays a PUT', async () => {
  const { api } = await import('#client/lib/http.ts')
  await api('userUpdate', { params: { user: 'alice' }, body: { phone: '+33 6' } })
  expect(received[0]?.method).toBe('PUT')
  expect(JSON.parse(received[0]?.body ?? '')).toEqual({ phone: '+33 6' })
})

test('every request carries the stored token and the current locale', async () => {
  const { api } = await import('#client/lib/http.ts')
  const { signIn } = await import('#client/lib/session.ts')
  await api('missions')
  expect(received[0]?.headers.authorization).toBeUndefined()
  signIn('secret-token', user)
  await api('missions', { query: { exclude_current_user: '1' } })
  expect(received[1]?.headers.authorization).toBe('Bearer secret-token')
  expect(received[1]?.headers['accept-language']).toBe('en')
  expect(received[1]?.url).toBe('/api/deals/missions?exclude_current_user=1')
})

test('a FORM_0001 answer becomes an ApiException carrying the field errors', async () => {
  const { ApiException, api } = await import('#client/lib/http.ts')
  const errors = { children: { username: { errors: ['username.taken'] } } }
  reply = { status: 400, body: { code: 'FORM_0001', message: 'Invalid form', errors } }
  const failure = await api('signup', {
    body: { username: 'alice', email: 'a@example.com', plainPassword: 'x' },
  }).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(ApiException)
  expect((failure as InstanceType<typeof ApiException>).errors).toEqual(errors)
  expect((failure as InstanceType<typeof ApiException>).body.message).toBe('Invalid form')
})

test('any other error is passed on unchanged', async () => {
  const { ApiException, api, FetchError } = await import('#client/lib/http.ts')
  reply = { status: 401, body: { code: 'AUTH_0002', message: 'Bad credentials' } }
  const failure = await api('signin', { body: { username: 'alice', plainPassword: 'wrong' } }).catch(
    (error: unknown) => error,
  )
  expect(failure).not.toBeInstanceOf(ApiException)
  expect(failure).toBeInstanceOf(FetchError)
  expect((failure as FetchError).statusCode).toBe(401)
})

test('an absolute link puts the parameters and the authorization value in the query string', async () => {
  const { absoluteLink } = await import('#client/lib/http.ts')
  const { signIn } = await import('#client/lib/session.ts')
  signIn('abc def', user)
  const link = absoluteLink('userDealInvoice', { username: 'alice', code: 'D1' }, { format: 'pdf' })
  const url = new URL(link)
  expect(url.pathname).toBe('/api/deals/user/alice/mission/D1/invoice')
  expect(url.searchParams.get('format')).toBe('pdf')
  expect(link).toContain('authorization=Bearer%20abc%20def')
})

test('an error status the caller expects rejects without turning the progress bar red; others do', async () => {
  const outcomes: string[] = []
  vi.resetModules()
  vi.doMock('../../src/client/lib/progress', () => ({
    beginTask: () => (outcome: string) => outcomes.push(outcome),
  }))
  try {
    // A fresh module graph: its error class is the one to expect.
    const { api, FetchError } = await import('#client/lib/http.ts')
    reply = { status: 404, body: { code: 'NOT_FOUND', message: 'No wallet' } }
    await expect(
      api('walletGet', { params: { username: 'alice' }, expectedStatuses: [404] }),
    ).rejects.toBeInstanceOf(FetchError)
    reply = { status: 500, body: { code: 'SERVER_ERROR', message: 'Boom' } }
    await expect(api('walletGet', { params: { username: 'alice' } })).rejects.toBeInstanceOf(FetchError)
    expect(outcomes).toEqual(['ok', 'failed'])
  } finally {
    vi.doUnmock('../../src/client/lib/progress')
    vi.resetModules()
  }
})

test('a 401 to a signed-in call reports the session it was sent with; a wrong password or an expected 401 does not', async () => {
  const { api, FetchError, onSessionRejected } = await import('#client/lib/http.ts')
  const { signIn } = await import('#client/lib/session.ts')
  const rejected: (string | null)[] = []
  onSessionRejected((token) => rejected.push(token))
  signIn('dead-token', user)
  reply = { status: 401, body: { code: 'AUTH_0001', message: 'Unauthenticated' } }
  await expect(api('walletGet', { params: { username: 'alice' } })).rejects.toBeInstanceOf(FetchError)
  expect(rejected).toEqual(['dead-token'])

  // The login form's wrong password, and logout's "already dead", are answers, not a session ending.
  reply = { status: 401, body: { code: 'AUTH_0002', message: 'Bad credentials' } }
  await expect(api('signin', { body: { username: 'alice', plainPassword: 'x' } })).rejects.toThrow()
  await expect(api('logout', { expectedStatuses: [401] })).rejects.toThrow()
  // Forbidden is not unauthenticated.
  reply = { status: 403, body: { code: 'FORBIDDEN', message: 'No' } }
  await expect(api('walletGet', { params: { username: 'bob' } })).rejects.toThrow()
  expect(rejected).toEqual(['dead-token'])
})
