import type { AnswerOf, BodyInputOf, QueryInputOf } from '#shared/contract/api.ts'
import { type ApiErrorBody, ErrorCode, type FormErrorTree } from '#shared/contract/errors.ts'
import { type EndpointDefinition, fillPath, userEndpoints } from '#shared/endpoint-rows.ts'
import type { EndpointName, EndpointParams } from '#shared/endpoints.ts'
import { isFetchError } from './fetch-error'
import { currentLocale } from './i18n'
import { beginTask } from './progress'
import { getSession } from './session'

/**
 * The one HTTP client: named endpoints, the stored token on every call, the current
 * locale, the progress bar, and one error mapper.
 */

/** A form validation failure (FORM_0001): carries the server's field errors for the form. */
export class ApiException extends Error {
  readonly code: string
  readonly errors: FormErrorTree

  constructor(readonly body: ApiErrorBody) {
    super(body.message)
    this.name = 'ApiException'
    this.code = body.code
    this.errors = body.errors ?? {}
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type Query = Record<string, QueryValue>

export interface RequestOptions<N extends EndpointName> {
  params?: EndpointParams<N>
  query?: Query
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /**
   * Error statuses the caller treats as an answer, not a failure (a wallet's 404 means "none yet"):
   * they still reject, but the progress bar does not turn red for them.
   */
  expectedStatuses?: readonly number[]
}

/** The API origin: `VITE_API_URL` when the API lives elsewhere, the page's own origin otherwise. */
export function apiBase(): string {
  return (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '')
}

export function authorizationValue(): string | null {
  const { token } = getSession()
  return token ? `Bearer ${token}` : null
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string'
}

/**
 * Browsers and PHP-style servers only parse multipart bodies on POST, so a PUT with a file goes out
 * as a POST carrying `_method=put` (the server treats it as the PUT).
 */
function spoofMethod(method: string, body: unknown): string {
  if (method === 'PUT' && body instanceof FormData) {
    body.set('_method', 'put')
    return 'POST'
  }
  return method
}

function cleanQuery(
  query: Query | undefined,
): Record<string, string | number | boolean | (string | number)[]> {
  const clean: Record<string, string | number | boolean | (string | number)[]> = {}
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue
    clean[key] = Array.isArray(value) ? [...value] : (value as string | number | boolean)
  }
  return clean
}

/** What a 401 from a guarded endpoint tells: whether a stored session was sent, and which token. */
export type SessionRejected = (token: string | null) => void
let onRejected: SessionRejected | undefined

/**
 * Who hears a 401 answered to a signed-in endpoint (a session that expired or was revoked): the app
 * ends the session there (features/auth/session-end.ts). A 401 from a public endpoint (a wrong
 * password) is the form's business, and a caller that expects 401 (logout) handles it itself.
 */
export function onSessionRejected(handler: SessionRejected): void {
  onRejected = handler
}

/** The header of a queued action's key (mutation-defaults.ts); none for an action queued before keys. */
export const idempotencyHeader = (key: string | undefined): Record<string, string> =>
  key ? { 'Idempotency-Key': key } : {}

/** A request carrying an Idempotency-Key (an action that may be queued), as it was sent. */
export interface IdempotentRequest {
  key: string
  method: string
  url: string
  body: unknown
  acceptLanguage: string
}
/** `answered`: the server replied (any status); false: the request never reached it. */
export type IdempotentRequestHandler = (request: IdempotentRequest, answered: boolean) => void
let onIdempotent: IdempotentRequestHandler | undefined

/**
 * Who hears how requests carrying an Idempotency-Key ended: Background Sync
 * (offline/background-sync.ts) hands the unsent ones to the service worker.
 */
export function onIdempotentRequest(handler: IdempotentRequestHandler): void {
  onIdempotent = handler
}

/**
 * The rows this client can call: the user rows from the start, the admin rows once an admin screen
 * loads them (`addEndpoints`, from lib/admin-http.ts), so no other page carries them.
 */
const table: Record<string, EndpointDefinition> = { ...userEndpoints }

export function addEndpoints(rows: Record<string, EndpointDefinition>): void {
  Object.assign(table, rows)
}

function rowOf(name: string): EndpointDefinition {
  const definition = table[name]
  if (!definition) throw new Error(`Unknown endpoint "${name}"`)
  return definition
}

const urlOf = (name: string, params: object | undefined) => fillPath(name, rowOf(name).path, params)

// ofetch comes with the first API call rather than with the first page: a visitor reading the public
// pages never calls the API, and its 3 KB kept the first route over its budget.
const loadOfetch = () => import('ofetch')

/** Sends a named endpoint's request and returns its parsed JSON body; callers go through api(). */
async function send<T, N extends EndpointName>(name: N, options: RequestOptions<N> = {}): Promise<T> {
  const definition = rowOf(name)
  const url = urlOf(name, options.params)
  const method = spoofMethod(definition.method, options.body)
  const headers: Record<string, string> = { 'Accept-Language': currentLocale(), ...options.headers }
  const { token } = getSession()
  if (token) headers.Authorization = `Bearer ${token}`

  const call = loadOfetch().then(({ ofetch }) =>
    ofetch<T>(url, {
      baseURL: apiBase() || undefined,
      method,
      headers,
      query: cleanQuery(options.query),
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      signal: options.signal,
      // TanStack Query owns retries; a second layer would double every wait.
      retry: 0,
    }),
  )
  const key = headers['Idempotency-Key']
  const report = (answered: boolean) => {
    if (!key || !onIdempotent) return
    const base = apiBase() || (typeof location === 'undefined' ? 'http://localhost' : location.origin)
    const request = { key, method, url: new URL(url, base).href, body: options.body }
    onIdempotent({ ...request, acceptLanguage: headers['Accept-Language'] ?? 'en' }, answered)
  }
  const endTask = beginTask()
  try {
    const result = await call
    endTask('ok')
    report(true)
    return result
  } catch (error) {
    report(isFetchError(error) && error.statusCode !== undefined)
    const expected =
      isFetchError(error) &&
      error.statusCode !== undefined &&
      (options.expectedStatuses ?? []).includes(error.statusCode)
    endTask(expected ? 'ok' : 'failed')
    // Only "no valid session" ends the session: a wrong password at sign-in is a 401 too (AUTH_0002).
    if (
      !expected &&
      isFetchError(error) &&
      isApiErrorBody(error.data) &&
      error.data.code === ErrorCode.Unauthenticated
    )
      onRejected?.(token)
    if (isFetchError(error) && isApiErrorBody(error.data) && error.data.code === ErrorCode.Form) {
      throw new ApiException(error.data)
    }
    throw error
  }
}

/**
 * The form-level error keys of a failed call (`deal.mission_full`…), whether the server answered a
 * form error (an ApiException) or another status such as a 409 conflict (a FetchError with the body).
 */
export function apiErrorKeys(error: unknown): string[] {
  const body = error instanceof ApiException ? error.body : isFetchError(error) ? error.data : undefined
  return isApiErrorBody(body) ? (body.errors?.errors ?? []) : []
}

/** Path parameters are required exactly when the endpoint's path has placeholders. */
type ParamsOption<N extends EndpointName> = keyof EndpointParams<N> extends never
  ? { params?: undefined }
  : { params: EndpointParams<N> }

/** A body is required exactly when the endpoint's row has one. */
type BodyOption<N extends EndpointName> =
  BodyInputOf<N> extends undefined ? { body?: undefined } : { body: BodyInputOf<N> }

export type CallOptions<N extends EndpointName> = ParamsOption<N> &
  BodyOption<N> & {
    query?: QueryInputOf<N>
    headers?: Record<string, string>
    signal?: AbortSignal
    expectedStatuses?: readonly number[]
  }

/**
 * Calls a named endpoint with the params, query and body its row declares, and answers the row's
 * response type: no call site restates what the contract already says.
 */
export function api<N extends EndpointName>(
  name: N,
  ...[options]: keyof EndpointParams<N> extends never
    ? BodyInputOf<N> extends undefined
      ? [options?: CallOptions<N>]
      : [options: CallOptions<N>]
    : [options: CallOptions<N>]
): Promise<AnswerOf<N>> {
  return send<AnswerOf<N>, N>(name, (options ?? {}) as RequestOptions<N>)
}

/**
 * A link the browser opens itself (downloads such as the deal invoice): it cannot send headers, so
 * the authorization value and any extra parameters travel in the query string.
 */
export function absoluteLink<N extends EndpointName>(
  name: N,
  params?: EndpointParams<N>,
  query: Query = {},
): string {
  const origin = apiBase() || (typeof location === 'undefined' ? '' : location.origin)
  const url = new URL(urlOf(name, params), origin || 'http://localhost')
  for (const [key, value] of Object.entries(cleanQuery(query))) {
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
    else url.searchParams.set(key, String(value))
  }
  const authorization = authorizationValue()
  if (authorization) url.searchParams.set('authorization', authorization)
  // URLSearchParams writes spaces as '+'; %20 is what every server decodes the same way.
  return origin ? url.href.replace(/\+/g, '%20') : `${url.pathname}${url.search}`.replace(/\+/g, '%20')
}
