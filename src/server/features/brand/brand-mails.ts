/**
 * The brand's mails, in each reader's language: a new member's invitation, and the owners'
 * notice that a credited card top-up was refunded or disputed.
 */
import type { LocalizedText } from '#server/db/schema-types.ts'
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { formatMoney } from '#shared/format.ts'

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

/** What happened to a card top-up after it was credited, as its brand's owners read it. */
export type TakenBackWhat = 'refund' | 'open' | 'won' | 'lost'

interface TakenBackCopy {
  subject: Record<TakenBackWhat, (mission: string) => string>
  lead: Record<TakenBackWhat, (mission: string, amount: string) => string>
  budget: (budget: string) => string
  paused: string
  open: string
}

const takenBackCopy: Record<SupportedLocale, TakenBackCopy> = {
  en: {
    subject: {
      refund: (mission) => `A card top-up of ${mission} was refunded`,
      open: (mission) => `A card top-up of ${mission} is disputed`,
      won: (mission) => `The dispute on a top-up of ${mission} is closed in your favour`,
      lost: (mission) => `The dispute on a top-up of ${mission} is lost`,
    },
    lead: {
      refund: (mission, amount) =>
        `${amount} of a card top-up of the mission ${mission} was refunded through Stripe, so it left the mission's budget.`,
      open: (mission, amount) =>
        `The card holder's bank disputes a card top-up of the mission ${mission}: its ${amount} are out of the mission's budget while the dispute is open.`,
      won: (mission, amount) =>
        `The dispute on a card top-up of the mission ${mission} is closed in your favour: its ${amount} are back in the mission's budget.`,
      lost: (mission, amount) =>
        `The dispute on a card top-up of the mission ${mission} is lost: its ${amount} stay out of the mission's budget.`,
    },
    budget: (budget) => `The mission's budget is now ${budget}.`,
    paused:
      'The mission has already paid out more than that, so it is paused: top it up, then resume it in the brand portal.',
    open: 'Open the mission',
  },
  fr: {
    subject: {
      refund: (mission) => `Un rechargement par carte de ${mission} a été remboursé`,
      open: (mission) => `Un rechargement par carte de ${mission} est contesté`,
      won: (mission) => `La contestation d’un rechargement de ${mission} est close en votre faveur`,
      lost: (mission) => `La contestation d’un rechargement de ${mission} est perdue`,
    },
    lead: {
      refund: (mission, amount) =>
        `${amount} d’un rechargement par carte de la mission ${mission} ont été remboursés via Stripe : ils sont sortis du budget de la mission.`,
      open: (mission, amount) =>
        `La banque du titulaire de la carte conteste un rechargement de la mission ${mission} : ses ${amount} sont retirés du budget tant que la contestation est ouverte.`,
      won: (mission, amount) =>
        `La contestation d’un rechargement de la mission ${mission} est close en votre faveur : ses ${amount} reviennent dans le budget de la mission.`,
      lost: (mission, amount) =>
        `La contestation d’un rechargement de la mission ${mission} est perdue : ses ${amount} restent hors du budget de la mission.`,
    },
    budget: (budget) => `Le budget de la mission est désormais de ${budget}.`,
    paused:
      'La mission a déjà versé davantage, elle est donc en pause : rechargez-la, puis relancez-la dans l’espace marque.',
    open: 'Ouvrir la mission',
  },
  es: {
    subject: {
      refund: (mission) => `Se reembolsó una recarga con tarjeta de ${mission}`,
      open: (mission) => `Una recarga con tarjeta de ${mission} está disputada`,
      won: (mission) => `La disputa de una recarga de ${mission} se cerró a tu favor`,
      lost: (mission) => `La disputa de una recarga de ${mission} se perdió`,
    },
    lead: {
      refund: (mission, amount) =>
        `Se reembolsaron ${amount} de una recarga con tarjeta de la misión ${mission} a través de Stripe: salieron del presupuesto de la misión.`,
      open: (mission, amount) =>
        `El banco del titular de la tarjeta disputa una recarga de la misión ${mission}: sus ${amount} quedan fuera del presupuesto mientras la disputa esté abierta.`,
      won: (mission, amount) =>
        `La disputa de una recarga de la misión ${mission} se cerró a tu favor: sus ${amount} vuelven al presupuesto de la misión.`,
      lost: (mission, amount) =>
        `La disputa de una recarga de la misión ${mission} se perdió: sus ${amount} siguen fuera del presupuesto de la misión.`,
    },
    budget: (budget) => `El presupuesto de la misión es ahora de ${budget}.`,
    paused:
      'La misión ya pagó más que eso, así que está en pausa: recárgala y luego reactívala en el portal de marca.',
    open: 'Abrir la misión',
  },
}

const moneyLocales: Record<SupportedLocale, string> = { en: 'en-IE', fr: 'fr-FR', es: 'es-ES' }

/** Tells an owner of the brand that a credited card top-up was refunded or disputed, and what it did. */
export async function sendTakenBackMail(
  mailer: Mailer,
  to: MailRecipient,
  event: {
    what: TakenBackWhat
    mission: LocalizedText
    amount: number
    budget: number | null
    paused: boolean
    link: string
  },
): Promise<void> {
  const locale = isSupportedLocale(to.locale) ? to.locale : 'en'
  const words = takenBackCopy[locale]
  const hello = copy[locale].hello
  const money = (cents: number) => formatMoney(cents, { locale: moneyLocales[locale] })
  const mission = event.mission[locale] ?? event.mission.en
  const lines = [
    words.lead[event.what](mission, money(event.amount)),
    ...(event.budget === null ? [] : [words.budget(money(event.budget))]),
    ...(event.paused ? [words.paused] : []),
  ]
  await mailer.send({
    to: to.email,
    subject: words.subject[event.what](mission),
    text: `${hello} ${to.username},\n\n${lines.join('\n\n')}\n\n${event.link}\n`,
    html: `<p>${hello} ${escapeHtml(to.username)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(event.link)}">${words.open}</a></p>`,
  })
}
