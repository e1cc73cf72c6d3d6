import { randomBytes, randomInt } from 'node:crypto'

// Crockford-style alphabet without I, L, O, U: codes are read aloud on stream and typed by hand.
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
// 8 characters of 32 symbols = 40 bits: collisions stay rare for millions of deals, and the insert
// retries on the unique index anyway.
const DEAL_CODE_LENGTH = 8
// 32 bytes = 256 bits (the widget token must be at least 128-bit): an OBS URL that cannot be guessed.
const WIDGET_TOKEN_BYTES = 32

export function newDealCode(): string {
  let code = ''
  for (let index = 0; index < DEAL_CODE_LENGTH; index += 1)
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

export const newWidgetToken = (): string => randomBytes(WIDGET_TOKEN_BYTES).toString('base64url')
