/**
 * Attacker's tests of the answers given before any route runs. inject() skips Node's HTTP parser, so
 * these requests go over a real TCP connection to a listening server, byte for byte as sent: each must
 * be answered in the API's `{ code, message }` envelope with the usual security headers, never with
 * Fastify's or Node's own `{ error, message, statusCode }` body.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp({ listen: true, seed: false })
})
afterAll(() => testApp?.close())

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

function parse(text: string): RawAnswer | null {
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return null
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const body = text.slice(end + 4)
  const length = Number(headers['content-length'] ?? Number.NaN)
  if (Number.isFinite(length) && Buffer.byteLength(body) < length) return null
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

/** Writes the bytes as they are and reads the one answer (the server may close the connection). */
function sendRaw(request: string): Promise<RawAnswer> {
  const { port } = new URL(testApp.url ?? '')
  return new Promise((resolve, reject) => {
    let received = ''
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request))
    const settle = () => {
      const answer = parse(received)
      socket.destroy()
      if (answer) resolve(answer)
      else reject(new Error(`no whole answer to ${JSON.stringify(request.slice(0, 80))}: ${received}`))
    }
    socket.setTimeout(5000, settle)
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      if (parse(received)) settle()
    })
    socket.on('close', settle)
    socket.on('error', reject)
  })
}

function expectEnvelope(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status)
  expect(answer.headers['content-type']).toContain('application/json')
  const body = JSON.parse(answer.body) as Record<string, unknown>
  expect(body.code).toBe(code)
  expect(typeof body.message).toBe('string')
  expect(body).not.toHaveProperty('statusCode')
  expect(answer.headers['permissions-policy']).toContain('camera=()')
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['cache-control']).toBe('no-store')
}

const get = (target: string, ...headers: string[]) =>
  [`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, 'Connection: close', '', ''].join('\r\n')

test.each([
  ['a control character in the bearer token', get('/api/deals/missions', 'Authorization: Bearer abc\x01def')],
  ['a space in a header name', get('/api/deals/missions', 'Bad Header: 1')],
  ['a header line without a colon', get('/api/deals/missions', 'NoColonHere')],
  ['a space inside the URL', get('/api/deals/mis sions')],
  ['an unknown method', 'BREW /api/deals/missions HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ['a request line that is not HTTP', 'garbage\r\n\r\n'],
  ['a request target that is no path', get('?x=1')],
  [
    'a chunked body with a broken chunk size',
    'POST /api/oauth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  ],
])('the HTTP parser refuses %s: 400 in the envelope', async (_label, request) => {
  expectEnvelope(await sendRaw(request), 400, 'BAD_REQUEST')
})

test('headers past the size limit: 431 in the envelope', async () => {
  const answer = await sendRaw(get('/api/deals/missions', `X-Padding: ${'a'.repeat(20_000)}`))
  expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE')
})

test('a malformed percent-encoding in the path: 400 in the envelope', async () => {
  expectEnvelope(await sendRaw(get('/api/%E0%A4%A')), 400, 'BAD_REQUEST')
  expectEnvelope(await sendRaw(get('/deals/%')), 400, 'BAD_REQUEST')
})

test('a path parameter past the router limit: 414 in the envelope', async () => {
  expectEnvelope(await sendRaw(get(`/api/deals/missions/${'a'.repeat(600)}`)), 414, 'URI_TOO_LONG')
})

test('an absolute-form target is judged by its path: an unknown API path is the API 404, not a page', async () => {
  expectEnvelope(await sendRaw(get('http://evil.example/api/no/such/route')), 404, 'NOT_FOUND')
})

test('an unknown path or method, and a POST where only PUT is served, answer in the envelope', async () => {
  expectEnvelope(await sendRaw(get('/api/no/such/route')), 404, 'NOT_FOUND')
  // A method the server knows on a path it serves with others: 405, naming the ones it takes.
  const patch = 'PATCH /api/deals/missions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'
  const patched = await sendRaw(patch)
  expectEnvelope(patched, 405, 'METHOD_NOT_ALLOWED')
  expect(patched.headers.allow).toContain('GET')
  const post =
    'POST /api/admin/deals/NOPE/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'
  expectEnvelope(await sendRaw(post), 405, 'METHOD_NOT_ALLOWED')
})

test('after a refusal the server still answers well-formed requests', async () => {
  await sendRaw(get('/api/deals/missions', 'Authorization: Bearer abc\x01def'))
  const answer = await sendRaw(get('/healthz'))
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.body)).toEqual({ status: 'ok' })
})
