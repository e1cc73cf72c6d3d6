/**
 * What the publication queue's decisions tell a brand's owners by mail, in each reader's language
 * (English as a whole when the language is not one of ours): published, or sent back with the reason.
 */
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'

interface ReviewCopy {
  published: {
    subject: (mission: string) => string
    lead: (mission: string) => string
  }
  rejected: {
    subject: (mission: string) => string
    lead: (mission: string) => string
    reason: string
  }
  open: string
}

const copy: Record<SupportedLocale, ReviewCopy> = {
  en: {
    published: {
      subject: (mission) => `${mission} is published`,
      lead: (mission) => `${mission} is now published on Streamdeals: streamers can take it.`,
    },
    rejected: {
      subject: (mission) => `${mission} was not published`,
      lead: (mission) => `${mission} was not published. Edit the draft and it goes back to review.`,
      reason: 'The reason given',
    },
    open: 'Open the mission',
  },
  fr: {
    published: {
      subject: (mission) => `${mission} est publiée`,
      lead: (mission) =>
        `${mission} est maintenant publiée sur Streamdeals : les streamers peuvent la prendre.`,
    },
    rejected: {
      subject: (mission) => `${mission} n’a pas été publiée`,
      lead: (mission) => `${mission} n’a pas été publiée. Modifiez le brouillon : il repartira en relecture.`,
      reason: 'La raison donnée',
    },
    open: 'Ouvrir la mission',
  },
  es: {
    published: {
      subject: (mission) => `${mission} está publicada`,
      lead: (mission) => `${mission} ya está publicada en Streamdeals: los streamers pueden tomarla.`,
    },
    rejected: {
      subject: (mission) => `${mission} no se ha publicado`,
      lead: (mission) => `${mission} no se ha publicado. Edita el borrador y volverá a revisión.`,
      reason: 'El motivo indicado',
    },
    open: 'Abrir la misión',
  },
}

const wordsFor = (locale: string | null | undefined) => copy[isSupportedLocale(locale) ? locale : 'en']

/** A text and HTML mail: a lead, an optional quoted reason, and a link when there is one. */
function compose(
  lead: string,
  reason: { label: string; text: string } | null,
  link?: { url: string; label: string },
) {
  const textParts = [lead, reason ? `${reason.label}: ${reason.text}` : '', link ? link.url : '']
  const htmlParts = [
    `<p>${escapeHtml(lead)}</p>`,
    reason ? `<p>${escapeHtml(reason.label)}:</p><blockquote>${escapeHtml(reason.text)}</blockquote>` : '',
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
  ]
  return {
    text: `${textParts.filter(Boolean).join('\n\n')}\n`,
    html: htmlParts.join(''),
  }
}

export async function sendMissionDecisionMail(
  mailer: Mailer,
  to: MailRecipient,
  decision: { mission: string; link: string; reason: string | null },
): Promise<void> {
  const words = wordsFor(to.locale)
  const which = decision.reason === null ? words.published : words.rejected
  const reason = decision.reason === null ? null : { label: words.rejected.reason, text: decision.reason }
  await mailer.send({
    to: to.email,
    subject: which.subject(decision.mission),
    ...compose(which.lead(decision.mission), reason, {
      url: decision.link,
      label: words.open,
    }),
  })
}
