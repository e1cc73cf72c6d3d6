/** FAQ, terms and home content, contact messages, newsletter and mission selections. */
import { type } from 'arktype'
import { Captcha, Email, IsoDateTime, Locale, listOf, optionalText, requiredText } from './common'
import { Mission } from './deals'
import { binaryAnswer, type EndpointSchemas } from './endpoint-schema'

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
const Selection = type({ id: 'string', title: 'string', items: Mission.array() })
export type Selection = typeof Selection.infer

/** `?locale=` asks for the missions' texts in that locale (the Accept-Language header otherwise). */
const SelectionQuery = type({ '+': 'delete', 'locale?': optionalText(10) })

const ContactAnswer = type({ id: 'string' })
const NewsletterAnswer = type({ status: "'pending' | 'confirmed' | 'unsubscribed'" })

/** A content entry as admins see it: one row of one locale, with its id for updates. */
export const AdminContentEntry = ContentEntry.and({ id: 'string', domain: TranslationDomain, locale: Locale })
export type AdminContentEntry = typeof AdminContentEntry.infer

export const AdminContentQuery = type({ 'domain?': TranslationDomain, 'locale?': Locale })
export type AdminContentQuery = typeof AdminContentQuery.infer

/** 20 000 characters: the longest terms section, with room to spare. */
const BODY_MAX = 20_000
/** 0–999: positions only order entries; a wider range would only invite typos. */
const POSITION_MAX = 999

/**
 * `PUT /api/admin/content/{id}`: `{id}` is an existing entry's id, or `new` to create the entry
 * (`domain`, `locale` and `code` are then required and must not exist yet).
 */
export const AdminContentBody = type({
  '+': 'reject',
  'domain?': TranslationDomain,
  'locale?': Locale,
  'code?': /^[a-z0-9][a-z0-9-]{0,63}$/,
  title: requiredText(LINE_MAX),
  body: requiredText(BODY_MAX),
  'topic?': optionalText(100).or('null'),
  'position?': `0 <= number.integer <= ${POSITION_MAX}`,
})
export type AdminContentBody = typeof AdminContentBody.infer

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const
export const NewsletterSubscriber = type({
  id: 'string',
  email: 'string',
  locale: Locale,
  status: type.enumerated(...NEWSLETTER_STATUSES),
  confirmedAt: 'string | null',
  createdAt: IsoDateTime,
})
export type NewsletterSubscriber = typeof NewsletterSubscriber.infer

export const ContactMessage = type({
  id: 'string',
  name: 'string',
  email: 'string',
  subject: 'string',
  message: 'string',
  createdAt: IsoDateTime,
})
export type ContactMessage = typeof ContactMessage.infer

/** The content feature's rows of the endpoint table (see endpoints.ts for method, path and access). */
export const contentEndpoints = {
  translation: {
    summary: 'FAQ, terms or home page entries in a locale, English filling any missing entry',
    response: TranslationResponse,
  },
  selection: {
    summary: 'A named selection of published missions, e.g. the home page’s featured ones',
    query: SelectionQuery,
    response: Selection,
  },
  contact: {
    summary: 'Sends a message to the support team',
    body: ContactBody,
    response: ContactAnswer,
    status: 201,
  },
  newsletterSubscribe: {
    summary: 'Asks for the newsletter: a confirmation link is mailed (double opt-in)',
    body: NewsletterBody,
    response: NewsletterAnswer,
    status: 202,
  },
  newsletterToken: {
    summary: 'Confirms a newsletter subscription, or unsubscribes, with the token of the mailed link',
    body: NewsletterTokenBody,
    response: NewsletterAnswer,
  },
  adminContent: {
    summary: 'Every content entry, filtered by domain and locale',
    query: AdminContentQuery,
    response: listOf(AdminContentEntry),
  },
  adminContentUpdate: {
    summary: 'Updates a content entry, or creates one when the id is `new`',
    body: AdminContentBody,
    response: AdminContentEntry,
  },
  adminNewsletter: { summary: 'Newsletter subscribers', response: listOf(NewsletterSubscriber) },
  adminNewsletterExport: {
    summary: 'Newsletter subscribers as a CSV file (audited: it hands personal data out)',
    response: binaryAnswer('text/csv'),
  },
  adminContactMessages: {
    summary: 'Messages sent through the contact form',
    response: listOf(ContactMessage),
  },
} as const satisfies Record<string, EndpointSchemas>
