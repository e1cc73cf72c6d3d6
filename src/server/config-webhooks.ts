/** The brands' webhooks settings, parsed and checked like the rest of the configuration. */
import { ConfigError, type Env, text } from './config-values'

export interface WebhooksConfig {
  allowedOrigins: string[]
  retryScheduleMs: number[]
  timeoutMs: number
}

/** 1 min, 5 min, 30 min, 2 h, 6 h, 12 h then 24 h twice: nine attempts over about three days. */
const WEBHOOK_RETRY_DEFAULT_MS = [60, 300, 1800, 7200, 21_600, 43_200, 86_400, 86_400].map((s) => s * 1000)

/** WEBHOOK_ALLOWED_ORIGINS, WEBHOOK_RETRY_SCHEDULE_MS, WEBHOOK_TIMEOUT_MS. */
export function webhooksFrom(env: Env): WebhooksConfig {
  const allowedOrigins = (text(env, 'WEBHOOK_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of allowedOrigins)
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(
        'WEBHOOK_ALLOWED_ORIGINS',
        `must be a comma-separated list of origins, got "${origin}"`,
      )
  const schedule = text(env, 'WEBHOOK_RETRY_SCHEDULE_MS')
  const retryScheduleMs = schedule
    ? schedule.split(',').map((part) => Number(part.trim()))
    : WEBHOOK_RETRY_DEFAULT_MS
  if (retryScheduleMs.some((ms) => !Number.isInteger(ms) || ms < 0))
    throw new ConfigError('WEBHOOK_RETRY_SCHEDULE_MS', 'must be comma-separated whole milliseconds')
  const timeoutMs = Number(text(env, 'WEBHOOK_TIMEOUT_MS') ?? '5000')
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100)
    throw new ConfigError('WEBHOOK_TIMEOUT_MS', 'must be whole milliseconds, at least 100')
  return {
    allowedOrigins: allowedOrigins.map((origin) => new URL(origin).origin),
    retryScheduleMs,
    timeoutMs,
  }
}
