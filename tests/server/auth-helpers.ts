/** Shared pieces of the account tests: a real local SMTP server, and sign-up/sign-in shortcuts. */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'
import { call } from '../support/call'
import { testAppPerFile } from '../support/test-app'

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface LocalSmtp {
  url: string
  mails: ReceivedMail[]
  /** Resolves with the next mail to `address` containing `text` (one already received counts, once). */
  nextMail(address: string, text?: string): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters: Array<{ accepts: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> =
    []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        mails.push(mail)
        const index = waiters.findIndex((waiter) => waiter.accepts(mail))
        if (index >= 0) {
          const [waiter] = waiters.splice(index, 1)
          taken.add(mail)
          waiter?.resolve(mail)
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail(address, text) {
      const wanted = address.toLowerCase()
      const accepts = (mail: ReceivedMail) =>
        mail.to.includes(wanted) && (text === undefined || unfold(mail.raw).includes(text))
      const ready = mails.find((mail) => !taken.has(mail) && accepts(mail))
      if (ready) {
        taken.add(ready)
        return Promise.resolve(ready)
      }
      return new Promise((resolve) => waiters.push({ accepts, resolve }))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Undoes quoted-printable soft line breaks and `=` escapes, enough to read links. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

/** The token of the /redir/verification link in a mail. */
export function linkToken(mail: ReceivedMail, type: 'verify' | 'reset' | 'invite'): string {
  const body = unfold(mail.raw)
  const match = new RegExp(`/redir/verification\\?token=([\\w-]+)&(?:amp;)?type=${type}`).exec(body)
  if (!match?.[1]) throw new Error(`no ${type} link in the mail:\n${body}`)
  return match[1]
}

let counter = 0
/** A fresh, valid username per call (tests share one database per file). */
export function uniqueName(prefix = 'user'): string {
  counter += 1
  return `${prefix}${Date.now().toString(36)}${counter}`
}

export const strongPassword = 'Str0ng-password'

export async function signup(
  app: FastifyInstance,
  fields: { username?: string; email?: string; plainPassword?: string; sponsor?: string } = {},
) {
  const username = fields.username ?? uniqueName()
  const response = await call(app, 'signup', {
    body: {
      username,
      email: fields.email ?? `${username}@example.test`,
      plainPassword: fields.plainPassword ?? strongPassword,
      ...(fields.sponsor !== undefined ? { sponsor: fields.sponsor } : {}),
    },
  })
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`)
  const body = response.json() as { code: string; user: { id: string; username: string; email: string } }
  return { token: body.code, user: body.user, username, auth: { authorization: `Bearer ${body.code}` } }
}

export function signin(app: FastifyInstance, username: string, plainPassword: string, ip?: string) {
  return call(app, 'signin', { body: { username, plainPassword }, ...(ip ? { remoteAddress: ip } : {}) })
}

/**
 * A test file's app that sends real mail to a local SMTP server, started before its tests and closed
 * after them. Read `app`, `smtp` and `post` inside tests (they exist once `beforeAll` ran).
 */
export function appWithMail(
  options: { seed?: boolean; env?: Record<string, string>; listen?: boolean } = {},
) {
  let smtp: LocalSmtp | undefined
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('appWithMail: read it inside a test')
    return value
  }
  beforeAll(async () => {
    smtp = await startSmtp()
  })
  afterAll(async () => {
    await smtp?.close()
  })
  const harness = testAppPerFile(() => ({
    seed: options.seed ?? false,
    listen: options.listen ?? false,
    env: { SMTP_URL: started(smtp).url, PUBLIC_URL: 'https://deals.example.test', ...options.env },
  }))
  return {
    get testApp() {
      return harness.testApp
    },
    get app() {
      return harness.app
    },
    get smtp() {
      return started(smtp)
    },
    post: (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      harness.app.inject({ method: 'POST', url, payload: payload as never, headers }),
  }
}
