/**
 * A push service in miniature on loopback: it takes Web Push requests as a browser vendor's service
 * would, checks their VAPID signature against the server's public key, and decrypts the aes128gcm
 * payload with the subscription's private keys, as the receiving browser would.
 */
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface BrowserKeys {
  ecdh: ECDH
  p256dh: string
  auth: string
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  }
}

export interface PushRequest {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export interface PushService {
  origin: string
  requests: PushRequest[]
  /** The status answered to each request (201 by default; 410 once a subscription is gone). */
  answer: (request: PushRequest) => number
  /** Resolves when `count` requests have arrived. */
  received(count: number): Promise<PushRequest[]>
  close(): Promise<void>
}

/** Listens on loopback: on `port` when given (the end-to-end server allows one fixed origin), any free one else. */
export async function startPushService(port = 0): Promise<PushService> {
  const waiters: Array<{ count: number; resolve: (requests: PushRequest[]) => void }> = []
  const service: PushService = {
    origin: '',
    requests: [],
    answer: () => 201,
    received(count) {
      if (service.requests.length >= count) return Promise.resolve(service.requests)
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const request = { path: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks) }
      service.requests.push(request)
      const status = service.answer(request)
      if (status >= 300 && status < 400) response.setHeader('location', `${service.origin}/moved`)
      response.writeHead(status).end()
      for (const waiter of waiters.filter((entry) => service.requests.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(service.requests)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return service
}

/** The claims of the request's VAPID JWT, after checking its ES256 signature with `publicKey`. */
export function verifiedVapidClaims(request: PushRequest, publicKey: string): Record<string, unknown> {
  const header = request.headers.authorization ?? ''
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header)
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: "${header}"`)
  if (match[2] !== publicKey) throw new Error('the request names another VAPID key')
  const [head = '', claims = '', signature = ''] = match[1].split('.')
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!valid) throw new Error('the VAPID signature does not verify')
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac('sha256', key)
  for (const part of data) mac.update(part)
  return mac.digest()
}

/**
 * The notification a browser holding `keys` reads from the request's aes128gcm body: RFC 8291's key
 * derivation and RFC 8188's single record, written out with node:crypto (not the library's own code).
 */
export function decryptedMessage(request: PushRequest, keys: BrowserKeys): Record<string, unknown> {
  if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not an aes128gcm payload')
  const body = request.body
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const one = Buffer.from([1])
  const shared = keys.ecdh.computeSecret(senderKey)
  const authSecret = Buffer.from(keys.auth, 'base64url')
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderKey])
  const ikm = hmac(hmac(authSecret, shared), keyInfo, one)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), one).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), one).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with a 0x02 delimiter and zero padding.
  let end = padded.length - 1
  while (end > 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return JSON.parse(padded.subarray(0, end).toString('utf8'))
}
