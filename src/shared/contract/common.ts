/** Building blocks every feature contract uses: money, locale, media, ids, lists, field rules. */
import { type Type, type } from 'arktype'
import { isValidEmail } from '../email-rule'
import { IBAN_PROBLEM_RULES, ibanProblem } from '../iban-rules'
import {
  characterCount,
  isStrongPassword,
  normalizeIban,
  PASSWORD_DIGIT,
  PASSWORD_LOWER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_UPPER,
  USERNAME_PATTERN,
} from '../validation-rules'
import type { ValidationRule } from './errors'

/** Tags every constraint of a schema with the rule whose message a failure should show. */
export function withRule<T extends Type>(schema: T, rule: ValidationRule): T {
  return schema.configure({ rule }, 'references') as T
}

export const LOCALES = ['en', 'fr', 'es'] as const
export const Locale = type.enumerated(...LOCALES)
export type Locale = typeof Locale.infer

const Currency = type("'EUR'")
export type Currency = typeof Currency.infer

/** 10 M€ in cents: above any single payout, adjustment or reward here, and far from 2^53 when summed. */
export const MAX_CENTS = 1_000_000_000

/** Integer cents; signed, because ledger entries and balances may be negative. */
const Cents = type('number.integer')
export const PositiveCents = type('number.integer').and(type.number.atMost(MAX_CENTS)).and('number > 0')

export const Money = type({ amount: Cents, currency: Currency })
export type Money = typeof Money.infer

export const MediaObject = type({ path: 'string', reference: 'string' })
export type MediaObject = typeof MediaObject.infer

export const Uuid = type('string.uuid')
export type Uuid = typeof Uuid.infer

/** ISO-8601 timestamp in UTC, as the server writes it. */
export const IsoDateTime = type('string')

/** Deal, mission and provider codes travel in URLs: keep them URL-safe and short. */
export const Code = type(/^[A-Za-z0-9_-]{1,64}$/)
export type Code = typeof Code.infer

export const Username = withRule(type('string').and(USERNAME_PATTERN), 'username')
export type Username = typeof Username.infer

/** An e-mail address as email-rule.ts says; 254 characters is the longest SMTP delivers to. */
export const Email = type('string <= 254').narrow(
  (value, ctx) =>
    isValidEmail(value) || ctx.reject({ expected: 'an email address', meta: { rule: 'email' } }),
)

/**
 * At most `max` characters, counted in code points as JSON Schema's `maxLength` counts them (six emoji
 * are six characters, not the twelve UTF-16 units arktype's length would count). The published
 * `maxLength` is set on the same node, so the document and the check cannot say different things.
 */
function atMostCharacters<T extends Type<string>>(schema: T, max: number): T {
  return schema
    .narrow((value, ctx) =>
      // Cheap bounds first: a string has at most `length` and at least `length / 2` code points.
      value.length <= max || (value.length <= 2 * max && characterCount(value) <= max)
        ? true
        : ctx.reject({ expected: `at most ${max} characters`, meta: { rule: 'max' } }),
    )
    .configure({ maxLength: max }) as unknown as T
}

/** A required piece of text of at most `max` characters; empty counts as missing. */
export function requiredText(max: number) {
  return atMostCharacters(withRule(type('string').atLeastLength(1), 'required'), max)
}

export function optionalText(max: number) {
  return atMostCharacters(type('string'), max)
}

/**
 * 8 to 1024 characters with an upper-case letter, a lower-case letter and a digit. Published as
 * length bounds and one pattern per letter class (all must match), the same expressions the forms use.
 */
export const Password = type('string')
  .narrow((value, ctx) => {
    if (characterCount(value) > PASSWORD_MAX_LENGTH) {
      return ctx.reject({ expected: `at most ${PASSWORD_MAX_LENGTH} characters`, meta: { rule: 'max' } })
    }
    return (
      isStrongPassword(value) || ctx.reject({ expected: 'a strong password', meta: { rule: 'password' } })
    )
  })
  .configure({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    allOf: [PASSWORD_UPPER, PASSWORD_LOWER, PASSWORD_DIGIT].map((pattern) => ({ pattern: pattern.source })),
  })

/**
 * Accepts spaced or lower-case input, checks it with ibantools (country format, check digits, national
 * check digits, SEPA membership: see iban-rules.ts), yields the compact form. The rule says why not.
 */
export const Iban = type('string <= 64')
  .pipe((value) => normalizeIban(value))
  .narrow((value, ctx) => {
    const problem = ibanProblem(value)
    return (
      problem === null ||
      ctx.reject({ expected: 'a valid SEPA IBAN', meta: { rule: IBAN_PROBLEM_RULES[problem] } })
    )
  })

/** Turnstile tokens are at most 2048 characters; the slack covers future formats. */
export const Captcha = type('string <= 4096')

export const CountryCode = type(/^[A-Z]{2}$/)

/** Lists travel as `{ items, total?, nextCursor? }`; single resources travel bare. */
export interface List<T> {
  items: T[]
  total?: number
  nextCursor?: string
}

export function listOf<T>(item: Type<T>): Type<List<T>> {
  return type({ items: item.array(), 'total?': 'number.integer >= 0', 'nextCursor?': 'string' }) as Type<
    List<T>
  >
}

/**
 * An IANA time zone the server knows ("Europe/Paris"): the user's day for "today" and for grouping
 * per day. 64 characters covers every name of the tz database.
 */
export const TimeZone = type(/^[A-Za-z0-9_+\-/]{1,64}$/).narrow((value, ctx) =>
  isKnownTimeZone(value) ? true : ctx.reject({ expected: 'a time zone', meta: { rule: 'format' } }),
)

/**
 * Names already found valid, lower-cased (names are case-insensitive, so "EUROPE/paris" is the same
 * entry and case variants cannot grow the set). Building a DateTimeFormat to ask costs ~0.1 ms, more than
 * the rest of a remembered summary's answer; the tz database has a few hundred names, and the cap keeps
 * the set small whatever is asked (unknown names are never kept: they only ever get a 400).
 */
const knownTimeZones = new Set<string>()
const MAX_KNOWN_TIME_ZONES = 2000

function isKnownTimeZone(name: string): boolean {
  const key = name.toLowerCase()
  if (knownTimeZones.has(key)) return true
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
  } catch {
    return false
  }
  if (knownTimeZones.size < MAX_KNOWN_TIME_ZONES) knownTimeZones.add(key)
  return true
}

/** A calendar day, YYYY-MM-DD, in the time zone the request named. */
export const Day = type(/^\d{4}-\d{2}-\d{2}$/)

/** 100: a page large enough for any screen and small enough to answer fast. */
export const MAX_PAGE_SIZE = 100

/** Cursor paging for long lists (transactions, events, admin queues); query values arrive as strings. */
export const PageQuery = type({
  '+': 'delete',
  'cursor?': optionalText(256),
  'limit?': type('string.integer.parse').to(`1 <= number.integer <= ${MAX_PAGE_SIZE}`),
})
export type PageQuery = typeof PageQuery.infer

/** Text in each supported locale; English is the fallback, so it is the one required. */
export function localizedText(max: number) {
  return type({ '+': 'reject', en: requiredText(max), 'fr?': optionalText(max), 'es?': optionalText(max) })
}
