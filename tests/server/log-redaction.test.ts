/**
 * No secret in the server log: the app's real logger writes to a captured stream while an attacker's
 * favourite URLs are called with live tokens; then the log is searched for each token.
 */
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, expect, test } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestDatabase } from '../support/test-db'
import { type LocalSmtp, linkToken, signup, startSmtp, strongPassword, uniqueName } from './auth-helpers'

interface CapturedLog {
  stream: Writable
  text(): string
  /** Resolves once a log line containing `needle` has been written. */
  lineWith(needle: string): Promise<void>
}

function captureLog(): CapturedLog {
  let text = ''
  const waiters: Array<{ needle: string; resolve: () => void }> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      for (const waiter of waiters.filter((candidate) => text.includes(candidate.needle))) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
      done()
    },
  })
  return {
    stream,
    text: () => text,
    lineWith: (needle) =>
      text.includes(needle) ? Promise.resolve() : new Promise((resolve) => waiters.push({ needle, resolve })),
  }
}

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const admin = { username: 'logadmin', email: 'logadmin@example.test', password: 'Admin-passw0rd-long' }

/** The app as `npm start` builds it, logging at info level into `log`. */
async function appLoggingTo(log: CapturedLog, env: Record<string, string>): Promise<FastifyInstance> {
  const database = await createTestDatabase()
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    CLIENT_DIR: join(database.dataDir, 'no-client'),
    ADMIN_USERNAME: admin.username,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...env,
  })
  const app = await buildApp({ config, logStream: log.stream })
  await app.ready()
  cleanups.push(async () => {
    await app.close()
    await database.cleanup()
  })
  return app
}

const secret = () => randomBytes(24).toString('base64url')

async function withNodeEnv<T>(value: string, run: () => Promise<T>): Promise<T> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = value
  try {
    return await run()
  } finally {
    process.env.NODE_ENV = previous
  }
}

test('tokens in paths, token and authorization query parameters and mailed links never reach the log', async () => {
  const smtp: LocalSmtp = await startSmtp()
  cleanups.push(() => smtp.close())
  const log = captureLog()
  const app = await appLoggingTo(log, { SMTP_URL: smtp.url })
  const get = (url: string) => app.inject({ method: 'GET', url })

  const signin = await call(app, 'signin', {
    body: { username: admin.username, plainPassword: admin.password },
  })
  const adminToken = signin.json().code as string
  expect((await call(app, 'adminAccess', { params: { token: adminToken } })).json()).toEqual({ admin: true })
  // The session in the query (a download link's form) is not in the contract, so sent as it is.
  const download = await get(`${endpoint('adminNewsletterExport')}?authorization=Bearer%20${adminToken}`)
  expect(download.statusCode).toBe(200)

  const widgetToken = secret()
  const widgetPageToken = secret()
  const newsletterToken = secret()
  await call(app, 'widget', { params: { token: widgetToken } })
  await get(`/widgets/goal?token=${widgetPageToken}&theme=dark`)
  // Without the body the contract asks for: only the token in the path matters here.
  await app.inject({ method: 'PUT', url: endpoint('newsletterToken', { token: newsletterToken }) })

  const user = await signup(app)
  const verifyToken = linkToken(await smtp.nextMail(user.user.email), 'verify')
  await call(app, 'recovery', { body: { username: user.username } })
  const resetToken = linkToken(await smtp.nextMail(user.user.email, 'reset'), 'reset')
  await get(`/redir/verification?token=${verifyToken}&type=verify`)
  await get(`/redir/verification?token=${resetToken}&type=reset`)

  // A message or an error quoting such a URL, as a future feature might write, is redacted too.
  const quotedToken = secret()
  const quotedBearer = secret()
  app.log.warn(`could not answer GET /api/access/admin/${quotedToken}`)
  app.log.error({ err: new Error(`download failed: /x?authorization=Bearer ${quotedBearer}`) }, 'download')

  const text = log.text()
  const tokens = {
    adminToken,
    widgetToken,
    widgetPageToken,
    newsletterToken,
    verifyToken,
    resetToken,
    quotedToken,
    quotedBearer,
  }
  for (const [name, token] of Object.entries(tokens)) {
    expect(text.includes(token), `${name} appears in the log`).toBe(false)
  }
  expect(text).toContain('"url":"/api/access/admin/[redacted]"')
  expect(text).toContain('"url":"/api/admin/newsletter/export?authorization=[redacted]"')
  expect(text).toContain('"url":"/widgets/goal?token=[redacted]&theme=dark"')
  expect(text.includes(strongPassword)).toBe(false)
})

test('in production without SMTP, outbox mails are kept on disk but their links are not logged', async () => {
  const log = captureLog()
  const app = await withNodeEnv('production', () => appLoggingTo(log, {}))
  const user = await signup(app, { username: uniqueName('prod') })
  await log.lineWith('mail written to the local outbox')
  const outbox = join(app.config.dataDir, 'outbox')
  const [file] = await readdir(outbox)
  const mail = JSON.parse(await readFile(join(outbox, file ?? ''), 'utf8')) as { to: string; text: string }
  expect(mail.to).toBe(user.user.email)
  const token = /token=([\w-]+)/.exec(mail.text)?.[1]
  expect(token).toBeDefined()
  expect(log.text().includes(token ?? '')).toBe(false)
})

test('outside production without SMTP, the outbox prints the links, so a local setup can verify and recover', async () => {
  const log = captureLog()
  const app = await withNodeEnv('development', () => appLoggingTo(log, {}))
  await signup(app, { username: uniqueName('dev') })
  await log.lineWith('mail written to the local outbox')
  expect(log.text()).toMatch(/"links":\["http[^"]*\/redir\/verification\?token=[\w-]+&type=verify"\]/)
})
