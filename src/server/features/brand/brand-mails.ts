/** The invitation mail of a brand's new member, in the language of the address's account (else English). */
import { escapeHtml } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'

interface InvitationCopy {
  subject: (brand: string) => string
  hello: string
  lead: (brand: string) => string
  action: string
  outro: string
}

const copy: Record<SupportedLocale, InvitationCopy> = {
  en: {
    subject: (brand) => `You are invited to run ${brand} on Streamdeals`,
    hello: 'Hello,',
    lead: (brand) =>
      `You are invited to join ${brand} on Streamdeals. Open this link (valid 3 days, usable once), then sign in or create your account with this e-mail address to accept`,
    action: 'Accept the invitation',
    outro: 'If you did not expect this invitation, ignore this mail: nothing changes without the link.',
  },
  fr: {
    subject: (brand) => `Vous êtes invité à gérer ${brand} sur Streamdeals`,
    hello: 'Bonjour,',
    lead: (brand) =>
      `Vous êtes invité à rejoindre ${brand} sur Streamdeals. Ouvrez ce lien (valable 3 jours, utilisable une fois), puis connectez-vous ou créez votre compte avec cette adresse e-mail pour accepter`,
    action: 'Accepter l’invitation',
    outro: 'Si vous n’attendiez pas cette invitation, ignorez ce message : rien ne change sans le lien.',
  },
  es: {
    subject: (brand) => `Te invitan a gestionar ${brand} en Streamdeals`,
    hello: 'Hola:',
    lead: (brand) =>
      `Te invitan a unirte a ${brand} en Streamdeals. Abre este enlace (válido 3 días, de un solo uso) y luego inicia sesión o crea tu cuenta con esta dirección de correo para aceptar`,
    action: 'Aceptar la invitación',
    outro: 'Si no esperabas esta invitación, ignora este correo: nada cambia sin el enlace.',
  },
}

/**
 * Sends the invitation's link to the invited address. The greeting names no account: the account
 * holding the address (if any) may not belong to the mailbox's owner.
 */
export async function sendInvitationMail(
  mailer: Mailer,
  to: string,
  invitation: { brand: string; link: string; locale: string | null },
): Promise<void> {
  const words = copy[isSupportedLocale(invitation.locale) ? invitation.locale : 'en']
  const lead = words.lead(invitation.brand)
  await mailer.send({
    to,
    subject: words.subject(invitation.brand),
    text: `${words.hello}\n\n${lead}:\n\n${invitation.link}\n\n${words.outro}\n`,
    html: `<p>${words.hello}</p><p>${escapeHtml(lead)}:</p><p><a href="${escapeHtml(invitation.link)}">${words.action}</a></p><p>${escapeHtml(words.outro)}</p>`,
  })
}
