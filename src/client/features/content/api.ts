import { api } from '#client/lib/http.ts'
import type { BodyInputOf } from '#shared/contract/api.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { ContactBody, TranslationDomain } from '#shared/contract/content.ts'

/**
 * The content feature's calls, typed by the endpoint table's rows (shared/contract/content.ts): no
 * answer type is restated here: the public texts, the contact and newsletter forms (the admin
 * screens' calls are in admin/api.ts).
 */

export function fetchTranslation(domain: TranslationDomain, locale: string, signal?: AbortSignal) {
  return api('translation', { params: { domain, local: locale }, signal })
}

export function fetchSelection(id: string, locale: string, signal?: AbortSignal) {
  return api('selection', { params: { id }, query: { locale }, signal })
}

export function sendContactMessage(body: ContactBody) {
  return api('contact', { body })
}

export function subscribeToNewsletter(body: { email: string; locale: Locale; captcha?: string }) {
  return api('newsletterSubscribe', { body })
}

/** Where the newsletter e-mail's links land: confirms or ends the subscription the token names. */
export function answerNewsletterLink(token: string, action: BodyInputOf<'newsletterToken'>['action']) {
  return api('newsletterToken', { params: { token }, body: { action } })
}
