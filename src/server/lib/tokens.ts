/**
 * Secret tokens (sessions, one-time links, newsletter confirmations): made with enough randomness to
 * be beyond guessing, stored only as their hash, and read from the Authorization header.
 */
import { createHash, randomBytes } from 'node:crypto'

// 32 bytes = 256 bits of randomness: beyond guessing, whatever the request rate.
const TOKEN_BYTES = 32

/** Tokens are stored as their SHA-256: a leaked table cannot be replayed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A fresh token: 43 base64url characters. */
export const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')

/** Reads `Authorization: Bearer <token>` (or the absolute-link query form `?authorization=Bearer ...`). */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1] ?? null
}
