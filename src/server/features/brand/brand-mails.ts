/** The invitation mail of a brand's new member, in the member's language. */
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'

interface InvitationCopy {
  subject: (brand: string) => string
  hello: string
  /** A new account: choose a password through the link. */
  newAccount: (brand: string) => string
  /** An account that exists already: sign in as usual. */
  existingAccount: (brand: string) => string
  setPassword: string
  signIn: string
}

const copy: Record<SupportedLocale, InvitationCopy> = {
  en: {
    subject: (brand) => `You are invited to run ${brand} on Streamdeals`,
    hello: 'Hello',
    newAccount: (brand) =>
      `You are now a member of ${brand} on Streamdeals. Choose your password with this link (valid 3 days, usable once), then sign in with your username or this e-mail address`,
    existingAccount: (brand) =>
      `You are now a member of ${brand} on Streamdeals. Sign in with your usual account to open the brand portal`,
    setPassword: 'Choose my password',
    signIn: 'Open Streamdeals',
  },
  fr: {
    subject: (brand) => `Vous êtes invité à gérer ${brand} sur Streamdeals`,
    hello: 'Bonjour',
    newAccount: (brand) =>
      `Vous êtes désormais membre de ${brand} sur Streamdeals. Choisissez votre mot de passe avec ce lien (valable 3 jours, utilisable une fois), puis connectez-vous avec votre nom d’utilisateur ou cette adresse e-mail`,
    existingAccount: (brand) =>
      `Vous êtes désormais membre de ${brand} sur Streamdeals. Connectez-vous avec votre compte habituel pour ouvrir l’espace marque`,
    setPassword: 'Choisir mon mot de passe',
    signIn: 'Ouvrir Streamdeals',
  },
  es: {
    subject: (brand) => `Te invitan a gestionar ${brand} en Streamdeals`,
    hello: 'Hola',
    newAccount: (brand) =>
      `Ahora eres miembro de ${brand} en Streamdeals. Elige tu contraseña con este enlace (válido 3 días, de un solo uso) y luego inicia sesión con tu nombre de usuario o esta dirección de correo`,
    existingAccount: (brand) =>
      `Ahora eres miembro de ${brand} en Streamdeals. Inicia sesión con tu cuenta habitual para abrir el portal de marca`,
    setPassword: 'Elegir mi contraseña',
    signIn: 'Abrir Streamdeals',
  },
}

/**
 * Sends the invitation: with a set-password link for an account made by the invitation, with a
 * sign-in link for one that existed already (its password is its owner's, never reset by an invite).
 */
export async function sendInvitationMail(
  mailer: Mailer,
  to: MailRecipient,
  invitation: { brand: string; link: string; newAccount: boolean },
): Promise<void> {
  const words = copy[isSupportedLocale(to.locale) ? to.locale : 'en']
  const lead = invitation.newAccount
    ? words.newAccount(invitation.brand)
    : words.existingAccount(invitation.brand)
  const action = invitation.newAccount ? words.setPassword : words.signIn
  await mailer.send({
    to: to.email,
    subject: words.subject(invitation.brand),
    text: `${words.hello} ${to.username},\n\n${lead}:\n\n${invitation.link}\n`,
    html: `<p>${words.hello} ${escapeHtml(to.username)},</p><p>${escapeHtml(lead)}:</p><p><a href="${escapeHtml(invitation.link)}">${action}</a></p>`,
  })
}
