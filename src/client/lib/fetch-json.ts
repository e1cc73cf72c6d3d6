/**
 * The transport under the one HTTP client (http.ts): fetch with a JSON body out and a parsed answer
 * back, and one error for every failure that keeps the status and the answer's body. Our own few
 * lines rather than a fetch library: the one used before brought its URL and JSON helpers along,
 * some 3 KB gzip of the first route's JavaScript, for the three things done here.
 */

export type QueryParams = Record<string, string | number | boolean | (string | number)[]>

export interface FetchJsonOptions {
  method: string
  headers: Record<string, string>
  query?: QueryParams
  body?: unknown
  signal?: AbortSignal
}

/**
 * A request that failed: no answer at all (`response` undefined, the network error in `cause`), or
 * an error status, with the answer's parsed body in `data`.
 */
export class FetchError<T = unknown> extends Error {
  override readonly name = 'FetchError'

  constructor(
    message: string,
    readonly response?: Response,
    readonly data?: T,
    options?: { cause: unknown },
  ) {
    super(message, options)
  }

  get status(): number | undefined {
    return this.response?.status
  }

  get statusCode(): number | undefined {
    return this.response?.status
  }
}

/** A plain object or array goes out as JSON; FormData, Blob, URLSearchParams and strings as they are. */
function isJsonBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false
  if (Array.isArray(body)) return true
  const prototype = Object.getPrototypeOf(body) as unknown
  return prototype === Object.prototype || prototype === null
}

export function withQuery(url: string, query: QueryParams | undefined): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url
}

/** No body to read: 204 and its kind. */
const bodiless = new Set([101, 204, 205, 304])

/** JSON when the answer says so (or says nothing), text otherwise; a body that is not JSON stays text. */
async function readBody(response: Response): Promise<unknown> {
  if (bodiless.has(response.status) || !response.body) return undefined
  const type = response.headers.get('content-type') ?? ''
  const text = await response.text()
  if (type && !/^application\/(?:[\w!#$%&*.^`~-]*\+)?json\b/i.test(type)) return text
  try {
    return text ? JSON.parse(text) : text
  } catch {
    return text
  }
}

export async function fetchJson<T>(url: string, options: FetchJsonOptions): Promise<T> {
  const headers = { ...options.headers }
  let body = options.body as BodyInit | undefined
  if (isJsonBody(options.body)) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
    headers.accept ??= 'application/json'
  }
  const target = withQuery(url, options.query)
  const label = `[${options.method}] ${JSON.stringify(target)}`
  let response: Response
  try {
    response = await fetch(target, { method: options.method, headers, body, signal: options.signal })
  } catch (error) {
    throw new FetchError(`${label}: <no response> ${String(error)}`, undefined, undefined, { cause: error })
  }
  const data = await readBody(response)
  if (response.status >= 400) {
    throw new FetchError(`${label}: ${response.status} ${response.statusText}`, response, data)
  }
  return data as T
}
