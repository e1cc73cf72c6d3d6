/**
 * The brand's mails, in each reader's language: a member's invitation (in the language of the address's
 * account, else English), and the owners' notice that a credited card top-up was refunded or disputed.
 */
import type { LocalizedText } from '#server/db/schema-types.ts'
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { formatMoney } from '#shared/format.ts'

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
    outro: 'Si vous n’attendiez pas cette invitation, ignorez ce message : rien ne change sans le lien.',
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
        `${amount} d’un rechargement par carte de la mission ${mission} ont été remboursés via Stripe : ils sont sortis du budget de la mission.`,
      open: (mission, amount) =>
        `La banque du titulaire de la carte conteste un rechargement de la mission ${mission} : ses ${amount} sont retirés du budget tant que la contestation est ouverte.`,
      won: (mission, amount) =>
        `La contestation d’un rechargement de la mission ${mission} est close en votre faveur : ses ${amount} reviennent dans le budget de la mission.`,
      lost: (mission, amount) =>
        `La contestation d’un rechargement de la mission ${mission} est perdue : ses ${amount} restent hors du budget de la mission.`,
    },
    budget: (budget) => `Le budget de la mission est désormais de ${budget}.`,
    paused:
      'La mission a déjà versé davantage, elle est donc en pause : rechargez-la, puis relancez-la dans l’espace marque.',
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

const greetings: Record<SupportedLocale, string> = { en: 'Hello', fr: 'Bonjour', es: 'Hola' }

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
  const hello = greetings[locale]
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
