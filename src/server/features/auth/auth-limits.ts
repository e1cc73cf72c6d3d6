/**
 * Brute-force limits of the account endpoints (ASVS 2.2.1). Per-account limits count failures only
 * and last minutes, so a stranger hammering someone's username can delay them briefly but never
 * lock them out for long; per-address limits stop one client from walking through many accounts.
 */
import type { RateRule } from '../../plugins/rate-limit'

const MINUTE_MS = 60_000

export const authLimits = {
  // 10 wrong passwords per account per 15 min: plenty for typos, useless for guessing.
  signinAccount: { name: 'signin:account', max: 10, windowMs: 15 * MINUTE_MS },
  // 100 failures per address per 15 min: a shared office NAT stays fine, a stuffing run does not.
  signinAddress: { name: 'signin:address', max: 100, windowMs: 15 * MINUTE_MS },
  // 50 sign-ups per address per hour: a classroom can register; a bot farm cannot.
  signupAddress: { name: 'signup:address', max: 50, windowMs: 60 * MINUTE_MS },
  // 5 recovery mails per account per hour: enough to retry, not enough to flood a mailbox.
  recoveryAccount: { name: 'recovery:account', max: 5, windowMs: 60 * MINUTE_MS },
  recoveryAddress: { name: 'recovery:address', max: 30, windowMs: 60 * MINUTE_MS },
  // Token endpoints: tokens are unguessable, this only keeps junk traffic cheap.
  tokenAddress: { name: 'token:address', max: 60, windowMs: 15 * MINUTE_MS },
  // Password changes on the profile check the current password: same guessing limit as sign-in.
  currentPassword: { name: 'profile:password', max: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateRule>
