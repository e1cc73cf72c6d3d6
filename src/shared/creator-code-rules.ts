/**
 * The rules of a creator code a streamer chooses, checked by the form before sending and by the
 * server again. Viewers read it on stream and type it at a shop's checkout, so: ASCII letters and
 * digits only (no look-alike letters, nothing a checkout field refuses), 4 to 16 of them, any case
 * (one code whatever the case), and never a word that would pass for the platform or its staff.
 */
const CREATOR_CODE_MIN_LENGTH = 4
export const CREATOR_CODE_MAX_LENGTH = 16
const CREATOR_CODE_PATTERN = /^[A-Za-z0-9]+$/

/** Words no creator code may contain (compared upper-case): they would pass for us or our staff. */
const RESERVED_WORDS = ['STREAMDEALS', 'ADMIN', 'SUPPORT', 'STAFF', 'OFFICIAL', 'MODERATOR', 'HELPDESK']
/** Whole codes refused: words that read as "no code" or as a system's value. */
const RESERVED_CODES = ['NULL', 'NONE', 'UNDEFINED', 'TEST', 'ROOT', 'SYSTEM', 'CODE', 'PROMO']

export type CreatorCodeProblem = 'creator_code.length' | 'creator_code.charset' | 'creator_code.reserved'

/** Why `code` cannot be a creator code, or null when its form is right (whether it is free is the server's). */
export function creatorCodeProblem(code: string): CreatorCodeProblem | null {
  if (code.length < CREATOR_CODE_MIN_LENGTH || code.length > CREATOR_CODE_MAX_LENGTH)
    return 'creator_code.length'
  if (!CREATOR_CODE_PATTERN.test(code)) return 'creator_code.charset'
  const upper = code.toUpperCase()
  if (RESERVED_CODES.includes(upper) || RESERVED_WORDS.some((word) => upper.includes(word)))
    return 'creator_code.reserved'
  return null
}
