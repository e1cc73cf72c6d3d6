/** The account mails: e-mail verification and password reset, both landing on /redir/verification. */
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'

export type LinkType = 'verify' | 'reset'

export function verificationLink(publicUrl: string, token: string, type: LinkType): string {
  const url = new URL('/redir/verification', publicUrl)
  url.searchParams.set('token', token)
  url.searchParams.set('type', type)
  return url.href
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Who an account mail goes to: its language is the account's saved one (English when unknown). */
export interface MailRecipient {
  email: string
  username: string
  locale?: string | null
}

interface LinkMail {
  subject: string
  /** The greeting, before the username. */
  hello: string
  /** What to do, before the link in the text part. */
  textLead: string
  /** The same, before the link in the HTML part. */
  htmlLead: string
  /** The words of the HTML link. */
  action: string
  /** What to do when the mail was not asked for. */
  outro: string
}

type MailKind = 'verify' | 'reset'

/**
 * Each account mail in each language. English is complete; a language or a mail missing here falls
 * back to English as a whole (never a mail mixing two languages).
 */
export const accountMailCopy: { en: Record<MailKind, LinkMail> } & Partial<
  Record<SupportedLocale, Partial<Record<MailKind, LinkMail>>>
> = {
  en: {
    verify: {
      subject: 'Confirm your e-mail address',
      hello: 'Hello',
      textLead: 'Confirm your e-mail address for Streamdeals by opening this link (valid 48 hours)',
      htmlLead: 'Confirm your e-mail address for Streamdeals (the link is valid 48 hours)',
      action: 'Confirm my address',
      outro: 'If you did not create an account, ignore this mail.',
    },
    reset: {
      subject: 'Reset your Streamdeals password',
      hello: 'Hello',
      textLead:
        'Someone asked to reset the password of your Streamdeals account. Choose a new password by opening this link (valid one hour, usable once)',
      htmlLead:
        'Someone asked to reset the password of your Streamdeals account. Choose a new password (the link is valid one hour and works once)',
      action: 'Choose a new password',
      outro: 'If it was not you, ignore this mail: your password stays the same.',
    },
  },
  fr: {
    verify: {
      subject: 'Confirmez votre adresse e-mail',
      hello: 'Bonjour',
      textLead: 'Confirmez votre adresse e-mail pour Streamdeals en ouvrant ce lien (valable 48 heures)',
      htmlLead: 'Confirmez votre adresse e-mail pour Streamdeals (le lien est valable 48 heures)',
      action: 'Confirmer mon adresse',
      outro: 'Si vous n’avez pas créé de compte, ignorez ce message.',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Streamdeals',
      hello: 'Bonjour',
      textLead:
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Streamdeals. Choisissez un nouveau mot de passe en ouvrant ce lien (valable une heure, utilisable une fois)',
      htmlLead:
        'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Streamdeals. Choisissez un nouveau mot de passe (le lien est valable une heure et ne sert qu’une fois)',
      action: 'Choisir un nouveau mot de passe',
      outro: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste le même.',
    },
  },
  es: {
    verify: {
      subject: 'Confirma tu dirección de correo',
      hello: 'Hola',
      textLead: 'Confirma tu dirección de correo para Streamdeals abriendo este enlace (válido 48 horas)',
      htmlLead: 'Confirma tu dirección de correo para Streamdeals (el enlace es válido 48 horas)',
      action: 'Confirmar mi dirección',
      outro: 'Si no creaste una cuenta, ignora este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Streamdeals',
      hello: 'Hola',
      textLead:
        'Alguien pidió restablecer la contraseña de tu cuenta de Streamdeals. Elige una nueva contraseña abriendo este enlace (válido una hora, de un solo uso)',
      htmlLead:
        'Alguien pidió restablecer la contraseña de tu cuenta de Streamdeals. Elige una nueva contraseña (el enlace es válido una hora y sirve una sola vez)',
      action: 'Elegir una nueva contraseña',
      outro: 'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
    },
  },
}

/** An account mail's texts in the recipient's language, else in English. */
export function accountMailText(kind: MailKind, locale: string | null | undefined): LinkMail {
  const translated = isSupportedLocale(locale) ? accountMailCopy[locale]?.[kind] : undefined
  return translated ?? accountMailCopy.en[kind]
}

/** Both account mails: a greeting, what to do, the link, and what to do if it was not asked for. */
async function sendLinkMail(mailer: Mailer, to: MailRecipient, link: string, kind: MailKind): Promise<void> {
  const mail = accountMailText(kind, to.locale)
  await mailer.send({
    to: to.email,
    subject: mail.subject,
    text: `${mail.hello} ${to.username},\n\n${mail.textLead}:\n\n${link}\n\n${mail.outro}\n`,
    html: `<p>${mail.hello} ${escapeHtml(to.username)},</p><p>${mail.htmlLead}:</p><p><a href="${escapeHtml(link)}">${mail.action}</a></p><p>${mail.outro}</p>`,
  })
}

/** The e-mail verification mail, in the recipient's language. */
export async function sendVerificationMail(mailer: Mailer, to: MailRecipient, link: string): Promise<void> {
  await sendLinkMail(mailer, to, link, 'verify')
}

/** The password reset mail, in the recipient's language. */
export async function sendResetMail(mailer: Mailer, to: MailRecipient, link: string): Promise<void> {
  await sendLinkMail(mailer, to, link, 'reset')
}
