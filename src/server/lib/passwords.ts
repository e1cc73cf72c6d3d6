/**
 * Password hashing: argon2id with explicit parameters, so a library default change cannot weaken them.
 * Hashes are written in the reference encoding of libargon2 (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`):
 * node-argon2 would order the parameters `m,p,t`, which some other verifiers refuse.
 */
import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

/** OWASP Password Storage Cheat Sheet minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
const passwordHashParams = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  // 32-byte digest and 16-byte salt: the sizes libargon2 and OWASP recommend.
  hashLength: 32,
} as const
const saltLength = 16
const argon2Version = 0x13

// PHC strings use standard base64 without padding.
const phcBase64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

export const hashPassword = async (plain: string): Promise<string> => {
  const salt = randomBytes(saltLength)
  const digest = await argon2.hash(plain, { ...passwordHashParams, salt, raw: true })
  const { memoryCost: m, timeCost: t, parallelism: p } = passwordHashParams
  return `$argon2id$v=${argon2Version}$m=${m},t=${t},p=${p}$${phcBase64(salt)}$${phcBase64(digest)}`
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export const verifyPassword = async (hash: string, plain: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, plain)
  } catch {
    return false
  }
}

/** True when a stored hash was made with weaker parameters than today's and should be redone at login. */
export const passwordNeedsRehash = (hash: string): boolean => {
  try {
    return argon2.needsRehash(hash, passwordHashParams)
  } catch {
    return true
  }
}
