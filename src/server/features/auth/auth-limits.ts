/**
 * Brute-force limits of the account endpoints (ASVS 2.2.1).
 *
 * Sign-in counts failures under three keys, each reserved before the password is checked (so
 * concurrent guesses cannot all slip under a limit) and given back when the password was right:
 * - per address: one client walking through many accounts is stopped;
 * - per account AND address: one client guessing one account is stopped, and a stranger's failures
 *   never count against the owner, who signs in from another address;
 * - per account, from all addresses: a looser count that only several addresses together can reach.
 *   Past it the account is not locked but throttled (one password check per interval), and a passing
 *   Turnstile captcha, when Turnstile is configured, skips the wait.
 * Why this and not a per-account lock: a lock lets anyone who knows a username keep its owner out
 * (ten wrong passwords used to lock any account for 15 minutes, repeatably). A throttle bounds a
 * distributed attacker's guesses at a rate that makes guessing useless, while the owner waits seconds;
 * and the recovery mail always signs the owner in, whatever the counters say.
 */
import { type TurnstileConfig, verifyTurnstile } from '#server/lib/turnstile.ts'
import { type RateLimit, type RateLimiter, type RateRule, refusal } from '#server/plugins/rate-limit.ts'

const SECOND_MS = 1000
const MINUTE_MS = 60 * SECOND_MS

export const authLimits = {
  // 100 failures per address per 15 min: a shared office NAT stays fine, a stuffing run does not.
  signinAddress: { name: 'signin:address', max: 100, windowMs: 15 * MINUTE_MS },
  // 10 wrong passwords per account from one address per 15 min: plenty for typos, useless for guessing.
  signinAccountAddress: { name: 'signin:account-address', max: 10, windowMs: 15 * MINUTE_MS },
  // 30 per account from all addresses per 15 min: one address adds at most 10, so reaching it takes a
  // coordinated attack from three addresses or more, not a user's typos on a phone and a laptop.
  signinAccount: { name: 'signin:account', max: 30, windowMs: 15 * MINUTE_MS },
  // Past that, one password check per account every 30 s: at most 30 more guesses per 15 min from any
  // number of addresses, and the owner waits half a minute at worst instead of being locked out.
  signinAccountThrottle: { name: 'signin:account-throttle', max: 1, windowMs: 30 * SECOND_MS },
  // 50 sign-ups per address per hour: a classroom can register; a bot farm cannot.
  signupAddress: { name: 'signup:address', max: 50, windowMs: 60 * MINUTE_MS },
  // 5 recovery mails per account per hour: enough to retry, not enough to flood a mailbox.
  recoveryAccount: { name: 'recovery:account', max: 5, windowMs: 60 * MINUTE_MS },
  recoveryAddress: { name: 'recovery:address', max: 30, windowMs: 60 * MINUTE_MS },
  // Verification mails asked again: one a minute per account (the mail takes seconds to arrive), five
  // a day (a mailbox that never receives it has another problem: the address is wrong).
  verifyResendMinute: { name: 'verify-resend:minute', max: 1, windowMs: MINUTE_MS },
  verifyResendDay: { name: 'verify-resend:day', max: 5, windowMs: 24 * 60 * MINUTE_MS },
  // Token endpoints: tokens are unguessable, this only keeps junk traffic cheap.
  tokenAddress: { name: 'token:address', max: 60, windowMs: 15 * MINUTE_MS },
  // Password changes on the profile check the current password: same guessing limit as sign-in. The
  // caller is signed in as that user, so there is no stranger to lock anyone out.
  currentPassword: { name: 'profile:password', max: 10, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, RateRule>

/**
 * The subject of the per-account counters: the account itself when the login names one (so its
 * username and its e-mail share one budget), else the login as typed, limited exactly alike.
 */
const userAccountKey = (userId: string) => `user:${userId}`
export const signinAccountKey = (userId: string | undefined, login: string) =>
  userId ? userAccountKey(userId) : `login:${login}`

export interface SigninAttempt {
  /** The password was right: give back what the attempt reserved and forgive this address's typos. */
  succeeded(): Promise<void>
}

/**
 * Admits one sign-in attempt before its password is checked, or throws 429 RATE_LIMITED. A failed
 * attempt keeps its reservations: they are the failure count.
 */
export async function admitSignin(
  limiter: RateLimiter,
  turnstile: TurnstileConfig | undefined,
  attempt: { account: string; address: string; captcha: string | undefined },
): Promise<SigninAttempt> {
  const fromHere: RateLimit = [authLimits.signinAccountAddress, `${attempt.account}@${attempt.address}`]
  const held = await limiter.reserveAll([[authLimits.signinAddress, attempt.address], fromHere])
  const everywhere = await limiter.reserve(authLimits.signinAccount, attempt.account)
  if (!everywhere.granted) {
    const human =
      turnstile !== undefined &&
      attempt.captcha !== undefined &&
      (await verifyTurnstile(turnstile, attempt.captcha, attempt.address))
    if (!human) {
      const slot = await limiter.reserve(authLimits.signinAccountThrottle, attempt.account)
      if (!slot.granted) {
        await held.release()
        throw refusal(slot)
      }
    }
  }
  return {
    async succeeded() {
      await Promise.all([
        held.release(),
        everywhere.granted ? limiter.release(authLimits.signinAccount, attempt.account) : undefined,
      ])
      await limiter.reset(...fromHere)
    },
  }
}

/** A password reset proved the mailbox: the account starts afresh, wherever the failures came from. */
export async function forgetSigninFailures(limiter: RateLimiter, userId: string): Promise<void> {
  await Promise.all([
    limiter.reset(authLimits.signinAccount, userAccountKey(userId)),
    limiter.reset(authLimits.signinAccountThrottle, userAccountKey(userId)),
  ])
}
