/** FAQ, terms and home content, contact messages, newsletter and mission selections (DESIGN §3). */
import { type } from 'arktype'
import { Captcha, Email, IsoDateTime, Locale, requiredText } from './common'
import { Mission } from './deals'

export const TRANSLATION_DOMAINS = ['faq', 'terms', 'home'] as const
export const TranslationDomain = type.enumerated(...TRANSLATION_DOMAINS)
export type TranslationDomain = typeof TranslationDomain.infer

export const ContentEntry = type({
  code: 'string',
  title: 'string',
  body: 'string',
  topic: 'string | null',
  position: 'number.integer',
  updatedAt: IsoDateTime,
})
export type ContentEntry = typeof ContentEntry.infer

/** Answer of `GET /api/resources/translation/{domain}/{local}`; `locale` is the one actually served. */
export const TranslationResponse = type({
  domain: TranslationDomain,
  locale: Locale,
  items: ContentEntry.array(),
})
export type TranslationResponse = typeof TranslationResponse.infer

/** The path segment is a free string: an unknown locale falls back to English instead of failing. */
export const TranslationParams = type({ domain: TranslationDomain, local: 'string <= 16' })
export type TranslationParams = typeof TranslationParams.infer

/** 200 for a line, 5000 for a message: a long support request, not a document. */
const LINE_MAX = 200
const MESSAGE_MAX = 5000

export const ContactBody = type({
  '+': 'reject',
  name: requiredText(LINE_MAX),
  email: Email,
  subject: requiredText(LINE_MAX),
  message: requiredText(MESSAGE_MAX),
  'captcha?': Captcha,
})
export type ContactBody = typeof ContactBody.infer

export const NewsletterBody = type({ '+': 'reject', email: Email, 'locale?': Locale, 'captcha?': Captcha })
export type NewsletterBody = typeof NewsletterBody.infer

/** The token in the path comes from the e-mail; the body says what to do with it. */
export const NewsletterTokenBody = type({ '+': 'reject', action: "'confirm' | 'unsubscribe'" })
export type NewsletterTokenBody = typeof NewsletterTokenBody.infer

/** A named list of missions, e.g. `featured` on the home page. */
export const Selection = type({ id: 'string', title: 'string', items: Mission.array() })
export type Selection = typeof Selection.infer
