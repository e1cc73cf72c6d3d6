/**
 * What each notification says, in the subscription's language (English when a text is missing), and
 * which page of the installed app it opens. Written like the account mails (auth-mails.ts): one copy
 * table per language, a language falling back to English as a whole, never a mix.
 */
import type { SupportedLocale } from '#server/http/locale.ts'
import { formatMoney, moneyLocale } from '#shared/format.ts'

/** The events that notify, and what the outbox row keeps of each to write the message later. */
export type PushNotification =
  | { kind: 'deal_finished'; dealCode: string; missionTitle: Record<string, string>; amountCents: number }
  | { kind: 'deal_stopped'; dealCode: string; missionTitle: Record<string, string> }
  | { kind: 'earnings_available'; amountCents: number }
  | { kind: 'payout_paid'; amountCents: number }
  | { kind: 'payout_failed'; amountCents: number }
  | { kind: 'certification_verified' }
  | { kind: 'certification_rejected' }

export type PushKind = PushNotification['kind']

/** What the service worker receives (push.ts shows it). */
export interface PushMessage {
  title: string
  body: string
  /** A path of the app, opened on click. */
  url: string
  /** Same tag = the newer notification replaces the older one on the lock screen. */
  tag: string
}

interface Copy {
  dealFinished: { title: string; body: (mission: string, amount: string) => string }
  dealFinishedNoReward: (mission: string) => string
  dealStopped: { title: string; body: (mission: string) => string }
  earningsAvailable: { title: string; body: (amount: string) => string }
  payoutPaid: { title: string; body: (amount: string) => string }
  payoutFailed: { title: string; body: (amount: string) => string }
  certificationVerified: { title: string; body: string }
  certificationRejected: { title: string; body: string }
}

export const pushCopy: Record<SupportedLocale, Copy> = {
  en: {
    dealFinished: {
      title: 'Deal finished',
      body: (mission, amount) => `${mission}: goal reached. ${amount} added to your earnings.`,
    },
    dealFinishedNoReward: (mission) => `${mission}: goal reached.`,
    dealStopped: { title: 'Deal stopped', body: (mission) => `${mission} has been stopped.` },
    earningsAvailable: {
      title: 'Earnings available',
      body: (amount) => `${amount} can now be paid out.`,
    },
    payoutPaid: { title: 'Payout sent', body: (amount) => `Your payout of ${amount} has been paid.` },
    payoutFailed: {
      title: 'Payout failed',
      body: (amount) => `Your payout of ${amount} failed; the amount is back in your balance.`,
    },
    certificationVerified: {
      title: 'Account certified',
      body: 'Your documents were accepted: you can now request payouts.',
    },
    certificationRejected: {
      title: 'Certification refused',
      body: 'A document was refused. Open your account to see why and send a new one.',
    },
  },
  fr: {
    dealFinished: {
      title: 'Deal terminé',
      body: (mission, amount) => `${mission} : objectif atteint. ${amount} ajoutés à vos gains.`,
    },
    dealFinishedNoReward: (mission) => `${mission} : objectif atteint.`,
    dealStopped: { title: 'Deal arrêté', body: (mission) => `${mission} a été arrêté.` },
    earningsAvailable: {
      title: 'Gains disponibles',
      body: (amount) => `${amount} peuvent maintenant être versés.`,
    },
    payoutPaid: { title: 'Virement envoyé', body: (amount) => `Votre virement de ${amount} a été payé.` },
    payoutFailed: {
      title: 'Virement échoué',
      body: (amount) => `Votre virement de ${amount} a échoué ; le montant est revenu sur votre solde.`,
    },
    certificationVerified: {
      title: 'Compte certifié',
      body: 'Vos documents ont été acceptés : vous pouvez demander un virement.',
    },
    certificationRejected: {
      title: 'Certification refusée',
      body: 'Un document a été refusé. Ouvrez votre compte pour voir pourquoi et en envoyer un autre.',
    },
  },
  es: {
    dealFinished: {
      title: 'Deal terminado',
      body: (mission, amount) => `${mission}: objetivo alcanzado. ${amount} añadidos a tus ganancias.`,
    },
    dealFinishedNoReward: (mission) => `${mission}: objetivo alcanzado.`,
    dealStopped: { title: 'Deal detenido', body: (mission) => `${mission} se ha detenido.` },
    earningsAvailable: {
      title: 'Ganancias disponibles',
      body: (amount) => `${amount} ya se pueden cobrar.`,
    },
    payoutPaid: { title: 'Pago enviado', body: (amount) => `Tu pago de ${amount} se ha realizado.` },
    payoutFailed: {
      title: 'Pago fallido',
      body: (amount) => `Tu pago de ${amount} ha fallado; el importe ha vuelto a tu saldo.`,
    },
    certificationVerified: {
      title: 'Cuenta certificada',
      body: 'Tus documentos han sido aceptados: ya puedes solicitar pagos.',
    },
    certificationRejected: {
      title: 'Certificación rechazada',
      body: 'Se ha rechazado un documento. Abre tu cuenta para ver el motivo y enviar otro.',
    },
  },
}

const titleIn = (title: Record<string, string>, locale: SupportedLocale) => title[locale] ?? title.en ?? ''

/** The message of a notification in one language, with the app page it opens. */
export function pushMessage(notification: PushNotification, locale: SupportedLocale): PushMessage {
  const copy = pushCopy[locale]
  switch (notification.kind) {
    case 'deal_finished': {
      const mission = titleIn(notification.missionTitle, locale)
      return {
        title: copy.dealFinished.title,
        body:
          notification.amountCents > 0
            ? copy.dealFinished.body(
                mission,
                formatMoney(notification.amountCents, { locale: moneyLocale(locale) }),
              )
            : copy.dealFinishedNoReward(mission),
        url: `/dashboard/deal/finished/${encodeURIComponent(notification.dealCode)}`,
        tag: `deal-${notification.dealCode}`,
      }
    }
    case 'deal_stopped':
      return {
        title: copy.dealStopped.title,
        body: copy.dealStopped.body(titleIn(notification.missionTitle, locale)),
        // Stopped deals are listed with the deals in progress.
        url: `/dashboard/deal/inprogress/${encodeURIComponent(notification.dealCode)}`,
        tag: `deal-${notification.dealCode}`,
      }
    case 'earnings_available':
      return {
        ...textOf(copy.earningsAvailable, notification.amountCents, locale),
        url: '/dashboard/deal/payment',
        tag: 'earnings',
      }
    case 'payout_paid':
      return {
        ...textOf(copy.payoutPaid, notification.amountCents, locale),
        url: '/dashboard/deal/payment',
        tag: 'payout',
      }
    case 'payout_failed':
      return {
        ...textOf(copy.payoutFailed, notification.amountCents, locale),
        url: '/dashboard/deal/payment',
        tag: 'payout',
      }
    case 'certification_verified':
      return { ...copy.certificationVerified, url: '/dashboard/account/certification', tag: 'certification' }
    case 'certification_rejected':
      return { ...copy.certificationRejected, url: '/dashboard/account/certification', tag: 'certification' }
  }
}

const textOf = (
  copy: { title: string; body: (amount: string) => string },
  cents: number,
  locale: SupportedLocale,
) => ({
  title: copy.title,
  body: copy.body(formatMoney(cents, { locale: moneyLocale(locale) })),
})
