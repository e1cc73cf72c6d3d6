/** The account mails: e-mail verification and password reset, both landing on /redir/verification. */
import type { Mailer } from '../../lib/mailer'

export type LinkType = 'verify' | 'reset'

export function verificationLink(publicUrl: string, token: string, type: LinkType): string {
  const url = new URL('/redir/verification', publicUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('type', type)
  return url.href
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export async function sendVerificationMail(
  mailer: Mailer,
  to: { email: string; username: string },
  link: string,
): Promise<void> {
  await mailer.send({
    to: to.email,
    subject: 'Confirm your e-mail address',
    text: `Hello ${to.username},\n\nConfirm your e-mail address for Streamdeals by opening this link (valid 48 hours):\n\n${link}\n\nIf you did not create an account, ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(to.username)},</p><p>Confirm your e-mail address for Streamdeals (the link is valid 48 hours):</p><p><a href="${escapeHtml(link)}">Confirm my address</a></p><p>If you did not create an account, ignore this mail.</p>`,
  })
}

export async function sendResetMail(
  mailer: Mailer,
  to: { email: string; username: string },
  link: string,
): Promise<void> {
  await mailer.send({
    to: to.email,
    subject: 'Reset your Streamdeals password',
    text: `Hello ${to.username},\n\nSomeone asked to reset the password of your Streamdeals account. Choose a new password by opening this link (valid one hour, usable once):\n\n${link}\n\nIf it was not you, ignore this mail: your password stays the same.\n`,
    html: `<p>Hello ${escapeHtml(to.username)},</p><p>Someone asked to reset the password of your Streamdeals account. Choose a new password (the link is valid one hour and works once):</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it was not you, ignore this mail: your password stays the same.</p>`,
  })
}
