/**
 * Cloudflare Turnstile server-side verification (https://developers.cloudflare.com/turnstile/).
 * Only used when TURNSTILE_SITE_KEY/TURNSTILE_SECRET are set; the verify URL is configurable so
 * tests can point it at a local stand-in.
 */
import { fieldInvalid } from '../http/api-error'

export interface TurnstileConfig {
  secret: string
  verifyUrl: string
}

// 5 s: Cloudflare answers in well under a second; past this the user had better retry.
const VERIFY_TIMEOUT_MS = 5000

export async function verifyTurnstile(
  config: TurnstileConfig,
  token: string | undefined,
  remoteIp?: string,
): Promise<boolean> {
  if (!token) return false
  const form = new URLSearchParams({ secret: config.secret, response: token })
  if (remoteIp) form.set('remoteip', remoteIp)
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    })
    if (!response.ok) return false
    const result = (await response.json()) as { success?: unknown }
    return result.success === true
  } catch {
    // Unreachable or malformed: fail closed, the form says the check failed and the user retries.
    return false
  }
}

/** Throws a `captcha` field error unless Turnstile is off or the token passes. */
export async function requireHuman(
  config: TurnstileConfig | undefined,
  token: string | undefined,
  remoteIp?: string,
): Promise<void> {
  if (!config) return
  if (!(await verifyTurnstile(config, token, remoteIp))) throw fieldInvalid('captcha', 'captcha.invalid')
}
