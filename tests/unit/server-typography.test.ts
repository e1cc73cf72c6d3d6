/**
 * The French the server writes (mails, push notifications, invoices, the demo pages and FAQ it
 * renders) follows the catalogs' typography: a narrow no-break space before : ; ! ? and the
 * typographic apostrophe, so it reads like the rest of the interface.
 */
import { expect, test } from 'vitest'
import { demoFaq } from '#server/db/seed-faq.ts'
import { demoMissions, demoProviders } from '#server/db/seed-missions.ts'
import { demoHome, demoTerms } from '#server/db/seed-pages.ts'
import { accountMailCopy } from '#server/features/auth/auth-mails.ts'
import { invoiceCopy } from '#server/features/deals/invoice-copy.ts'
import { pushCopy } from '#server/features/push/push-messages.ts'

const NARROW_NBSP = '\u202f'

/** Every string in a value: functions are called with stand-in words, as the server fills them. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (typeof value === 'function')
    return strings((value as (...words: string[]) => unknown)('Mission', '5 €'))
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** The French texts of the demo content: each field's `fr`. */
function frenchOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(frenchOf)
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, inner]) => (key === 'fr' ? strings(inner) : frenchOf(inner)))
}

/** High punctuation not after a narrow no-break space (a colon in 16:9, 10:30 or https:// aside). */
function badSpacing(text: string): string[] {
  return [...text.matchAll(/[:;!?]/g)].flatMap((match) => {
    const at = match.index
    const before = text[at - 1] ?? ''
    const after = text.slice(at + 1, at + 3)
    if (match[0] === ':' && ((/\d/.test(before) && /^\d/.test(after)) || after === '//')) return []
    // A query string (?a=1) and a chat command (!armored-front) are not punctuation.
    if (match[0] === '?' && /[\w=&]/.test(after.slice(0, 1)) && /[\w/]/.test(before)) return []
    if (match[0] === '!' && /^[a-z]/.test(after)) return []
    return before === NARROW_NBSP ? [] : [text.slice(Math.max(0, at - 20), at + 1)]
  })
}

const french = [
  ...strings(invoiceCopy.fr),
  ...strings(pushCopy.fr),
  ...strings(accountMailCopy.fr),
  ...frenchOf([demoFaq, demoTerms, demoHome, demoMissions, demoProviders]),
]

test('the server’s French puts a narrow no-break space before : ; ! ?', () => {
  expect(french.length).toBeGreaterThan(50)
  expect(french.flatMap(badSpacing)).toEqual([])
})

test('the server’s French uses the typographic apostrophe', () => {
  expect(french.filter((text) => /[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(text))).toEqual([])
})
