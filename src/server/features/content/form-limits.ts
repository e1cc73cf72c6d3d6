import type { RateRule } from '#server/plugins/rate-limit.ts'

const HOUR_MS = 60 * 60_000

/** Limits of the public forms: each accepted request sends a mail, so they must not become a mail cannon. */
export const formLimits = {
  // 10 messages per address per hour: a person with a problem writes once or twice.
  contactAddress: { name: 'contact:address', max: 10, windowMs: HOUR_MS },
  // 20 sign-ups per address per hour, and 3 confirmation mails per e-mail address per hour,
  // so nobody can flood someone else's mailbox with confirmation requests.
  newsletterAddress: { name: 'newsletter:address', max: 20, windowMs: HOUR_MS },
  newsletterEmail: { name: 'newsletter:email', max: 3, windowMs: HOUR_MS },
} satisfies Record<string, RateRule>
