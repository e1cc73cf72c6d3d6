import type { FormErrorTree } from '#shared/contract/errors.ts'

/**
 * An error that maps to the contract's error body `{ code, message, errors? }`.
 * Thrown anywhere in a handler; the error plugin turns it into the response.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FormErrorTree,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'NOT_FOUND', message)
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'AUTH_0001', message)
export const badCredentials = () => new ApiError(401, 'AUTH_0002', 'Invalid username or password')
export const forbidden = (message = 'You do not have access to this resource') =>
  new ApiError(403, 'ACCESS_0001', message)
export const conflict = (message: string, errors?: FormErrorTree) =>
  new ApiError(409, 'CONFLICT', message, errors)
export const formInvalid = (errors: FormErrorTree, message = 'The submitted data is not valid') =>
  new ApiError(400, 'FORM_0001', message, errors)
/** A form error on one field, with a translation key as its message. */
export const fieldInvalid = (field: string, key: string) =>
  formInvalid({ children: { [field]: { errors: [key] } } })
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMITED', 'Too many requests, try again later', undefined, {
    'retry-after': String(retryAfterSeconds),
  })
/** A dependency (Redis) answered too late to decide this request safely: try again in a moment. */
export const unavailable = (retryAfterSeconds: number) =>
  new ApiError(503, 'UNAVAILABLE', 'The service is busy, try again in a moment', undefined, {
    'retry-after': String(retryAfterSeconds),
  })
