/**
 * The brand's owners hear by mail when a webhook keeps failing (5 deliveries in a row) and when it is
 * switched off (20 in a row): their integration silently missing events would cost them more than a mail.
 */
import { escapeHtml, type MailRecipient } from '#server/features/auth/accounts-service.ts'
import { isSupportedLocale, type SupportedLocale } from '#server/http/locale.ts'
import type { Mailer } from '#server/lib/mailer.ts'

export type WebhookTrouble = 'failing' | 'disabled'

interface TroubleCopy {
  hello: string
  subject: Record<WebhookTrouble, (brand: string) => string>
  lead: Record<WebhookTrouble, (url: string, failures: number) => string>
  action: string
}

const copy: Record<SupportedLocale, TroubleCopy> = {
  en: {
    hello: 'Hello',
    subject: {
      failing: (brand) => `A webhook of ${brand} is failing`,
      disabled: (brand) => `A webhook of ${brand} was switched off`,
    },
    lead: {
      failing: (url, failures) =>
        `The last ${failures} deliveries to ${url} failed. They are retried for a while; after 20 failures in a row the webhook is switched off.`,
      disabled: (url, failures) =>
        `The last ${failures} deliveries to ${url} failed, so the webhook is switched off: no event is sent to it. Fix the receiver, then switch it back on in the brand portal; the waiting events are sent then.`,
    },
    action: 'Open the integrations',
  },
  fr: {
    hello: 'Bonjour',
    subject: {
      failing: (brand) => `Un webhook de ${brand} échoue`,
      disabled: (brand) => `Un webhook de ${brand} a été désactivé`,
    },
    lead: {
      failing: (url, failures) =>
        `Les ${failures} derniers envois vers ${url} ont échoué. Ils sont retentés pendant un temps ; après 20 échecs d’affilée, le webhook est désactivé.`,
      disabled: (url, failures) =>
        `Les ${failures} derniers envois vers ${url} ont échoué : le webhook est désactivé et ne reçoit plus rien. Réparez le récepteur, puis réactivez-le dans l’espace marque ; les événements en attente partiront alors.`,
    },
    action: 'Ouvrir les intégrations',
  },
  es: {
    hello: 'Hola',
    subject: {
      failing: (brand) => `Un webhook de ${brand} está fallando`,
      disabled: (brand) => `Se desactivó un webhook de ${brand}`,
    },
    lead: {
      failing: (url, failures) =>
        `Los últimos ${failures} envíos a ${url} fallaron. Se reintentan durante un tiempo; tras 20 fallos seguidos, el webhook se desactiva.`,
      disabled: (url, failures) =>
        `Los últimos ${failures} envíos a ${url} fallaron, así que el webhook está desactivado: no se le envía nada. Arregla el receptor y vuelve a activarlo en el portal de marca; los eventos pendientes se enviarán entonces.`,
    },
    action: 'Abrir las integraciones',
  },
}

export async function sendWebhookTroubleMail(
  mailer: Mailer,
  to: MailRecipient,
  trouble: {
    what: WebhookTrouble
    brand: string
    url: string
    failures: number
    link: string
  },
): Promise<void> {
  const words = copy[isSupportedLocale(to.locale) ? to.locale : 'en']
  const lead = words.lead[trouble.what](trouble.url, trouble.failures)
  await mailer.send({
    to: to.email,
    subject: words.subject[trouble.what](trouble.brand),
    text: `${words.hello} ${to.username},\n\n${lead}\n\n${trouble.link}\n`,
    html: `<p>${words.hello} ${escapeHtml(to.username)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(trouble.link)}">${words.action}</a></p>`,
  })
}
