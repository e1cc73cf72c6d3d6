/** The admins' notice of a brand's top-up request, in each admin's language. */
import type { LocalizedText } from '#server/db/schema-types.ts'
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'
import { formatMoney } from '#shared/format.ts'

interface RequestCopy {
  subject: (brand: string, amount: string) => string
  lead: (brand: string, mission: string, amount: string) => string
  note: string
  open: string
}

const copy: Record<SupportedLocale, RequestCopy> = {
  en: {
    subject: (brand, amount) => `${brand} asks for a top-up of ${amount}`,
    lead: (brand, mission, amount) =>
      `${brand} asks to add ${amount} to the budget of the mission ${mission}. Answer it in the admin’s top-up requests: done adds the amount, declined adds nothing.`,
    note: 'Their note:',
    open: 'Open the top-up requests',
  },
  fr: {
    subject: (brand, amount) => `${brand} demande un rechargement de ${amount}`,
    lead: (brand, mission, amount) =>
      `${brand} demande d’ajouter ${amount} au budget de la mission ${mission}. Répondez dans les demandes de rechargement de l’administration : « fait » ajoute le montant, « refusé » n’ajoute rien.`,
    note: 'Leur note :',
    open: 'Ouvrir les demandes de rechargement',
  },
  es: {
    subject: (brand, amount) => `${brand} pide una recarga de ${amount}`,
    lead: (brand, mission, amount) =>
      `${brand} pide añadir ${amount} al presupuesto de la misión ${mission}. Respóndela en las solicitudes de recarga de la administración: «hecha» añade el importe, «rechazada» no añade nada.`,
    note: 'Su nota:',
    open: 'Abrir las solicitudes de recarga',
  },
}

const moneyLocales: Record<SupportedLocale, string> = {
  en: 'en-IE',
  fr: 'fr-FR',
  es: 'es-ES',
}

/** Mails every admin that a brand asked for a top-up; one failed address does not stop the others. */
export async function mailTopUpRequest(
  mailer: Mailer,
  admins: MailRecipient[],
  request: {
    brand: string
    mission: LocalizedText
    amount: number
    note: string
    link: string
  },
): Promise<void> {
  await Promise.allSettled(
    admins.map((admin) => {
      const locale = isSupportedLocale(admin.locale) ? admin.locale : 'en'
      const words = copy[locale]
      const amount = formatMoney(request.amount, {
        locale: moneyLocales[locale],
      })
      const mission = request.mission[locale] ?? request.mission.en
      const lead = words.lead(request.brand, mission, amount)
      const note = request.note ? `\n\n${words.note} ${request.note}` : ''
      return mailer.send({
        to: admin.email,
        subject: words.subject(request.brand, amount),
        text: `${lead}${note}\n\n${request.link}\n`,
        html: `<p>${escapeHtml(lead)}</p>${request.note ? `<p>${escapeHtml(words.note)} ${escapeHtml(request.note)}</p>` : ''}<p><a href="${escapeHtml(request.link)}">${escapeHtml(words.open)}</a></p>`,
      })
    }),
  )
}
