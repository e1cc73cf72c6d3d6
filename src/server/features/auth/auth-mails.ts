/** The account mails: e-mail verification and password reset, both landing on /redir/verification. */
import type { Mailer } from '#server/lib/mailer.ts'

export type LinkType = 'verify' | 'reset'

export function verificationLink(publicUrl: string, token: string, type: LinkType): string {
  const url = new URL('/redir/verification', publicUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('type', type)
  return url.href
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

interface LinkMail {
  subject: string
  /** What to do, before the link in the text part. */
  textLead: string
  /** The same, before the link in the HTML part. */
  htmlLead: string
  /** The words of the HTML link. */
  action: string
  /** What to do when the mail was not asked for. */
  outro: string
}

/** Both account mails: a greeting, what to do, the link, and what to do if it was not asked for. */
async function sendLinkMail(
  mailer: Mailer,
  to: { email: string; username: string },
  link: string,
  mail: LinkMail,
): Promise<void> {
  await mailer.send({
    to: to.email,
    subject: mail.subject,
    text: `Hello ${to.username},\n\n${mail.textLead}:\n\n${link}\n\n${mail.outro}\n`,
    html: `<p>Hello ${escapeHtml(to.username)},</p><p>${mail.htmlLead}:</p><p><a href="${escapeHtml(link)}">${mail.action}</a></p><p>${mail.outro}</p>`,
  })
}

export async function sendVerificationMail(
  mailer: Mailer,
  to: { email: string; username: string },
  link: string,
): Promise<void> {
  await sendLinkMail(mailer, to, link, {
    subject: 'Confirm your e-mail address',
    textLead: 'Confirm your e-mail address for Streamdeals by opening this link (valid 48 hours)',
    htmlLead: 'Confirm your e-mail address for Streamdeals (the link is valid 48 hours)',
    action: 'Confirm my address',
    outro: 'If you did not create an account, ignore this mail.',
  })
}

export async function sendResetMail(
  mailer: Mailer,
  to: { email: string; username: string },
  link: string,
): Promise<void> {
  await sendLinkMail(mailer, to, link, {
    subject: 'Reset your Streamdeals password',
    textLead:
      'Someone asked to reset the password of your Streamdeals account. Choose a new password by opening this link (valid one hour, usable once)',
    htmlLead:
      'Someone asked to reset the password of your Streamdeals account. Choose a new password (the link is valid one hour and works once)',
    action: 'Choose a new password',
    outro: 'If it was not you, ignore this mail: your password stays the same.',
  })
}
