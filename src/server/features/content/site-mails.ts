import type { Config } from '#server/config.ts'
import type { Mail } from '#server/lib/mailer.ts'
import type { Locale } from '#shared/contract/common.ts'

/** Where contact messages go: the configured admin, else the sender address itself. */
export function supportAddress(config: Config): string {
  if (config.admin?.email) return config.admin.email
  return /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom
}

const copy: Record<Locale, { subject: string; intro: string; confirm: string; unsubscribe: string }> = {
  en: {
    subject: 'Confirm your Streamdeals newsletter subscription',
    intro: 'Someone (hopefully you) asked to receive the Streamdeals newsletter at this address.',
    confirm: 'Confirm your subscription',
    unsubscribe: 'Not you, or changed your mind? Unsubscribe',
  },
  fr: {
    subject: 'Confirmez votre inscription à la newsletter Streamdeals',
    intro:
      'Quelqu’un (vous, nous l’espérons) a demandé à recevoir la newsletter Streamdeals à cette adresse.',
    confirm: 'Confirmer l’inscription',
    unsubscribe: 'Ce n’est pas vous, ou vous avez changé d’avis ? Se désinscrire',
  },
  es: {
    subject: 'Confirma tu suscripción al boletín de Streamdeals',
    intro: 'Alguien (esperamos que tú) pidió recibir el boletín de Streamdeals en esta dirección.',
    confirm: 'Confirmar la suscripción',
    unsubscribe: '¿No fuiste tú o cambiaste de opinión? Darse de baja',
  },
}

/** The double opt-in mail: one link confirms, the other unsubscribes (both land on the home page). */
export function newsletterMail(publicUrl: string, to: string, token: string, locale: Locale): Mail {
  const text = copy[locale]
  const link = (action: string) =>
    `${publicUrl}/?${new URLSearchParams({ newsletter: token, action }).toString()}`
  return {
    to,
    subject: text.subject,
    text: `${text.intro}\n\n${text.confirm}: ${link('confirm')}\n\n${text.unsubscribe}: ${link('unsubscribe')}\n`,
  }
}
