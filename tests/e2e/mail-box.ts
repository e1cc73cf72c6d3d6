/** The mails the local SMTP server filed (one JSON file each, under $E2E_RUN_DIR/mail), read back. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The bodies of the mails to `address`, oldest first, soft line breaks joined and `=3D` read as `=`. */
export function mailsTo(address: string): string[] {
  const dir = join(process.env.E2E_RUN_DIR ?? '', 'mail')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address))
    .map((mail) => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
}

/** The verification-page links of one kind mailed to `address`, oldest first (the first of each mail). */
export function mailedLinks(address: string, type: 'verify' | 'invite' | 'reset'): string[] {
  const pattern = new RegExp(`https?://\\S+/redir/verification\\?token=[\\w-]+&type=${type}`)
  return mailsTo(address).flatMap((body) => pattern.exec(body)?.[0] ?? [])
}
