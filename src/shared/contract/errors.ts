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
