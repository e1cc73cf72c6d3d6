/**
 * Where the Prometheus metrics can be read: never by the public. Either on a port of their own
 * (METRICS_PORT, off unless set, bound to METRICS_HOST, loopback by default) or on the main port with
 * `Authorization: Bearer $METRICS_TOKEN`; with neither, nothing serves them.
 */
import { isIP } from 'node:net'
import { ConfigError, type Env, integer, text } from './config-values'

export interface MetricsConfig {
  /** The metrics-only port; undefined when off. */
  port: number | undefined
  host: string
  /** The bearer token `/metrics` asks for (on both ports); undefined: not served on the main port. */
  token: string | undefined
}

// 32 characters: a token an operator generates (openssl rand -hex 16 or more), never a word.
const MIN_TOKEN_LENGTH = 32

export function metricsFrom(env: Env, mainPort: number): MetricsConfig {
  const port =
    text(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 1, 65_535)
  if (port !== undefined && port === mainPort)
    throw new ConfigError('METRICS_PORT', `must differ from PORT (${mainPort}): the metrics are not public`)
  const host = text(env, 'METRICS_HOST') ?? '127.0.0.1'
  if (isIP(host) === 0 && host !== 'localhost')
    throw new ConfigError('METRICS_HOST', `must be an IP address or localhost, got "${host}"`)
  const token = text(env, 'METRICS_TOKEN')
  if (token !== undefined && (token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(
      'METRICS_TOKEN',
      `must be at least ${MIN_TOKEN_LENGTH} printable characters without spaces (openssl rand -hex 32)`,
    )
  }
  return { port, host, token }
}
