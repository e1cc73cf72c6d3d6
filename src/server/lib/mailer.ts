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
  /** 'smtp' sends for real; 'outbox' keeps mails on disk and, outside production, logs their links. */
  readonly kind: 'smtp' | 'outbox'
  close(): void
}

interface MailerLog {
  info(details: object, message: string): void
}

/**
 * SMTP when SMTP_URL is set; otherwise an outbox folder under DATA_DIR. With `printLinks`, each outbox
 * mail's links are printed to the log, so someone running the app locally can still verify an address
 * or recover; the links carry live tokens, so a production server never prints them (the mail file
 * still holds them, for an operator who reads the disk).
 */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  dataDir: string
  log: MailerLog
  printLinks: boolean
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
      const links = options.printLinks ? { links: mail.text.match(/https?:\/\/\S+/g) ?? [] } : {}
      options.log.info(
        { to: mail.to, subject: mail.subject, ...links, file },
        'mail written to the local outbox',
      )
    },
    close: () => {},
  }
}
