import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  /** 'smtp' sends for real; 'outbox' keeps mails on disk and logs their links (local use). */
  readonly kind: 'smtp' | 'outbox'
  close(): void
}

interface MailerLog {
  info(details: object, message: string): void
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox folder under DATA_DIR, with each mail's links
 * printed to the log, so someone running the app locally can still verify an address or recover.
 */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  dataDir: string
  log: MailerLog
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail })
      },
      close: () => transport.close(),
    }
  }
  const outbox = join(options.dataDir, 'outbox')
  return {
    kind: 'outbox',
    async send(mail) {
      await mkdir(outbox, { recursive: true })
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`)
      await writeFile(file, JSON.stringify({ from: options.from, ...mail }, null, 2))
      const links = mail.text.match(/https?:\/\/\S+/g) ?? []
      options.log.info(
        { to: mail.to, subject: mail.subject, links, file },
        'mail written to the local outbox',
      )
    },
    close: () => {},
  }
}
