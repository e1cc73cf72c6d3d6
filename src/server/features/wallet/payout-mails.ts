/**
 * A streamer hears by mail that a payout of a SEPA batch was paid or failed (the push notification says
 * it on the phone too), in their language, English as a whole otherwise.
 */
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { formatMoney, moneyLocale } from '#shared/format.ts'

interface OutcomeCopy {
  paid: { subject: string; lead: (amount: string) => string }
  failed: { subject: string; lead: (amount: string) => string }
  reason: string
  open: string
}

const copy: Record<SupportedLocale, OutcomeCopy> = {
  en: {
    paid: {
      subject: 'Your payout was sent',
      lead: (amount) => `Your payout of ${amount} was sent to your bank account.`,
    },
    failed: {
      subject: 'Your payout failed',
      lead: (amount) => `Your payout of ${amount} failed; the amount is back in your balance.`,
    },
    reason: 'The reason given',
    open: 'Open your wallet',
  },
  fr: {
    paid: {
      subject: 'Votre virement est parti',
      lead: (amount) => `Votre virement de ${amount} a été envoyé sur votre compte bancaire.`,
    },
    failed: {
      subject: 'Votre virement a échoué',
      lead: (amount) => `Votre virement de ${amount} a échoué ; le montant est revenu sur votre solde.`,
    },
    reason: 'La raison donnée',
    open: 'Ouvrir votre portefeuille',
  },
  es: {
    paid: {
      subject: 'Tu pago se ha enviado',
      lead: (amount) => `Tu pago de ${amount} se ha enviado a tu cuenta bancaria.`,
    },
    failed: {
      subject: 'Tu pago ha fallado',
      lead: (amount) => `Tu pago de ${amount} ha fallado; el importe ha vuelto a tu saldo.`,
    },
    reason: 'El motivo indicado',
    open: 'Abrir tu monedero',
  },
}

export async function sendPayoutOutcomeMail(
  mailer: Mailer,
  to: MailRecipient,
  outcome: {
    status: 'paid' | 'failed'
    amountCents: number
    reason: string | null
    link: string
  },
): Promise<void> {
  const locale = isSupportedLocale(to.locale) ? to.locale : 'en'
  const words = copy[locale]
  const amount = formatMoney(outcome.amountCents, {
    locale: moneyLocale(locale),
  })
  const which = words[outcome.status]
  const lead = which.lead(amount)
  const reason = outcome.status === 'failed' && outcome.reason ? outcome.reason : null
  const text = [lead, reason ? `${words.reason}: ${reason}` : '', outcome.link].filter(Boolean).join('\n\n')
  await mailer.send({
    to: to.email,
    subject: which.subject,
    text: `${text}\n`,
    html: `<p>${escapeHtml(lead)}</p>${reason ? `<p>${escapeHtml(words.reason)}: ${escapeHtml(reason)}</p>` : ''}<p><a href="${escapeHtml(outcome.link)}">${escapeHtml(words.open)}</a></p>`,
  })
}
