/**
 * Error codes, the error body and the shape of the nested form-error tree: what every
 * caller reads. Building a tree (from arktype's errors or by hand) lives in form-error-tree.ts, so the
 * first route carries only the codes.
 */

export const ErrorCode = {
  Form: 'FORM_0001',
  Unauthenticated: 'AUTH_0001',
  BadCredentials: 'AUTH_0002',
  Forbidden: 'ACCESS_0001',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  Unprocessable: 'UNPROCESSABLE',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
  Server: 'SERVER_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const ErrorStatus: Readonly<Record<ErrorCode, number>> = {
  FORM_0001: 400,
  AUTH_0001: 401,
  AUTH_0002: 401,
  ACCESS_0001: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // An Idempotency-Key reused with another body.
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  // A shared dependency (Redis) answered too late to decide the request safely; Retry-After says when.
  UNAVAILABLE: 503,
  SERVER_ERROR: 500,
}

/** Same shape at every level: `errors` for this level, `children` per field. */
export interface FormErrorTree {
  errors?: string[]
  children?: Record<string, FormErrorTree>
}

export interface ApiErrorBody {
  code: ErrorCode
  message: string
  errors?: FormErrorTree
}

/**
 * The rule names that become `validation.<rule>` translation keys; the client's validation
 * catalogue must hold one message per name.
 */
export const VALIDATION_RULES = [
  'required',
  'email',
  'min',
  'max',
  'password',
  'url',
  'regex',
  'username',
  'iban',
  'iban_format',
  'iban_checksum',
  'iban_qr',
  'iban_sepa',
  'integer',
  'date',
  'choice',
  'type',
  'unknown',
  'invalid',
  'image',
  'size',
  'ext',
  'confirmed',
] as const
export type ValidationRule = (typeof VALIDATION_RULES)[number]

export const validationKey = (rule: ValidationRule): string => `validation.${rule}`
