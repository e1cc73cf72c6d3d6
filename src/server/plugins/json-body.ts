/**
 * The JSON body parser of every route: Fastify's own (same errors, same `__proto__`/`constructor`
 * refusal), behind a bound on the body's shape checked on the raw text, before anything is parsed,
 * walked or validated. The bytes are bounded by the server's body limit (1 MB); this bounds the rest:
 * - depth, to 32 levels: the deepest body an endpoint takes has 4 (a wallet's business address), and
 *   the NUL check walks 32. Schema validation recurses once per level, so 200,000 nested arrays
 *   overflowed the stack (a 500); 32 keeps 8 times the room we need and stays far from that limit.
 * - the count of values, to 1,000: the largest form has fewer than 50. A megabyte of `{"k1":1,...}`
 *   cost 0.7 s of validation and answered a 3.4 MB error tree (one entry per unknown key).
 * Routes that read the raw bytes (Stripe's webhook) swap this parser in their own scope.
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { formError } from '#shared/contract/form-error-tree.ts'
import { ApiError } from '../http/api-error'

export const MAX_JSON_DEPTH = 32
export const MAX_JSON_VALUES = 1000

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

/** Where the string opened at `start` (its quote) ends: the index of its closing quote, or -1. */
function stringEnd(text: string, start: number): number {
  let at = text.indexOf('"', start + 1)
  while (at !== -1) {
    let backslashes = 0
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return at
    at = text.indexOf('"', at + 1)
  }
  return -1
}

/**
 * What is wrong with a JSON text's shape, in one pass and without recursion: `depth` past
 * MAX_JSON_DEPTH, `size` past MAX_JSON_VALUES (every comma and every opening bracket counts one value),
 * else null. Malformed text is left for the parser to refuse.
 */
function jsonShapeProblem(text: string): 'depth' | 'size' | null {
  let depth = 0
  let values = 0
  for (let at = 0; at < text.length; at++) {
    switch (text.charCodeAt(at)) {
      case QUOTE: {
        const end = stringEnd(text, at)
        if (end === -1) return null
        at = end
        break
      }
      case OPEN_BRACKET:
      case OPEN_BRACE:
        if (++depth > MAX_JSON_DEPTH) return 'depth'
        if (++values > MAX_JSON_VALUES) return 'size'
        break
      case CLOSE_BRACKET:
      case CLOSE_BRACE:
        depth--
        break
      case COMMA:
        if (++values > MAX_JSON_VALUES) return 'size'
        break
    }
  }
  return null
}

const tooDeep = () =>
  new ApiError(
    400,
    'FORM_0001',
    `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
    formError('', 'validation.json'),
  )

const tooManyValues = () =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body holds more than ${MAX_JSON_VALUES} values`)

export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string
      const problem = jsonShapeProblem(text)
      if (problem) return done(problem === 'depth' ? tooDeep() : tooManyValues(), undefined)
      parse(request, text, done)
    })
  },
  { name: 'json-body' },
)
