import { adminApi as api } from '#client/lib/admin-http.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { AdminContentBody, TranslationDomain } from '#shared/contract/content.ts'

/** The content admin screens' calls (texts, newsletter, contact messages), apart from the feature's api.ts. */

export function fetchAdminContent(domain: TranslationDomain, locale: Locale, signal?: AbortSignal) {
  return api('adminContent', { query: { domain, locale }, signal })
}

export function fetchNewsletterSubscribers(signal?: AbortSignal) {
  return api('adminNewsletter', { signal })
}

export function fetchContactMessages(signal?: AbortSignal) {
  return api('adminContactMessages', { signal })
}

/** Saves an entry; the id `new` creates it (its domain, locale and code then travel in the body). */
export function saveContentEntry(id: string, body: AdminContentBody) {
  return api('adminContentUpdate', { params: { id }, body })
}
