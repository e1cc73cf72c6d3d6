// Starts what the end-to-end tests talk to: a local SMTP server that files each mail as JSON under
// $E2E_RUN_DIR/mail, and the built app server (dist/) on an embedded database of its own.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'

const runDir = process.env.E2E_RUN_DIR
const port = process.env.E2E_PORT ?? '4310'
if (!runDir) throw new Error('E2E_RUN_DIR is not set')
const mailDir = join(runDir, 'mail')
mkdirSync(mailDir, { recursive: true })

let count = 0
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = []
    stream.on('data', (chunk) => chunks.push(chunk))
    stream.on('end', () => {
      count += 1
      const raw = Buffer.concat(chunks).toString('utf8')
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
      writeFileSync(join(mailDir, `${Date.now()}-${count}.json`), JSON.stringify({ to, raw }))
      callback()
    })
  },
})
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = smtp.server.address().port

const env = { ...process.env }
// End-to-end runs always use a fresh embedded database, even where CI sets DATABASE_URL/REDIS_URL.
delete env.DATABASE_URL
delete env.REDIS_URL
// E2E_DIST lets several builds live side by side (default: the `npm run build` output in dist/).
const dist = process.env.E2E_DIST ?? 'dist'
const server = spawn(process.execPath, ['--enable-source-maps', join(dist, 'server', 'index.js')], {
  stdio: 'inherit',
  env: {
    ...env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: join(runDir, 'data'),
    CLIENT_DIR: join(dist, 'client'),
    SEED_DEMO: '1',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@streamdeals.test',
    ADMIN_PASSWORD: 'Admin-password-1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // push.e2e's stand-in for the browser's push service, on loopback (refused otherwise: SSRF rule).
    PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${Number(port) + 1000}`,
  },
})
const stop = () => {
  server.kill('SIGTERM')
  smtp.close()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  smtp.close()
  process.exit(code ?? 0)
})
