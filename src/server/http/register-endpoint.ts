import { type } from 'arktype'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import {
  type AnswerOf,
  type BodyOf,
  endpointSchemas,
  type ParamsOf,
  type QueryOf,
} from '#shared/contract/api.ts'
import type { EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import { formErrorsFromArk } from '#shared/contract/form-error-tree.ts'
import {
  type EndpointName,
  type EndpointParams,
  endpoints,
  type HttpMethod,
  routePath,
} from '#shared/endpoints.ts'
import {
  type AuthenticatedSession,
  admitApiKey,
  admitMember,
  checkAccess,
  namesCaller,
  type ProviderAccess,
} from './access-rules'
import { formInvalid } from './api-error'
import { cachedAnswer, sendCachedAnswer, weighCachedAnswer } from './cached-answer'
import { answerOnce, idempotencyKeyHeader, requestFingerprint } from './idempotency'
import { checkParams, rejectMisplacedArrays, rejectNul } from './input-checks'
import { requestLocale } from './locale'
import { methodsOf, sendMethodNotAllowed } from './method-not-allowed'
import { splitMultipartBody, type UploadedFile } from './multipart'

// Who is signed in is access's business, but every route handler reads it through this module.
export type { AuthenticatedSession, SessionUser } from './access-rules'

/** Route parameters as the server receives them: always strings. */
export type ServerParams<N extends EndpointName> = { [K in keyof EndpointParams<N>]: string }

export interface EndpointContext<N extends EndpointName, B, Q, P = ServerParams<N>> {
  params: P
  body: B
  query: Q
  files: Record<string, UploadedFile>
  /** The signed-in user, when the request carries a valid token (always set on non-public routes). */
  session: AuthenticatedSession | null
  /** On `member` routes, the provider of the `{slug}` and the caller's role in it; null elsewhere. */
  provider: ProviderAccess | null
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * What a route validates with: any arktype Type, morphs included (`infer` is then the output the
 * handler receives, e.g. a repeated query value normalised to an array).
 */
export interface Schema<T> {
  readonly infer: T
  (data: unknown): unknown
}

/** Passed through to Fastify: rate limits, body limits and the like. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>

type Runner = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/**
 * What each query schema makes of an empty query string, worked out once: most reads come without one
 * (the catalogue, the wallet), and running the schema's morphs for `{}` was ~3% of such a request.
 */
const emptyQueryAnswers = new WeakMap<Schema<unknown>, object>()

function isEmptyObject(value: unknown): value is Record<string, never> {
  if (typeof value !== 'object' || value === null) return false
  for (const _key in value) return false
  return true
}

function validate<T>(schema: Schema<T> | undefined, value: unknown, fallback: T): T {
  if (!schema) return (value ?? fallback) as T
  const empty = isEmptyObject(value)
  const known = empty ? emptyQueryAnswers.get(schema) : undefined
  // A copy: a handler may change what it was given.
  if (known) return { ...known } as T
  const result = schema(value ?? fallback)
  if (result instanceof type.errors) throw formInvalid(formErrorsFromArk(result))
  if (empty && typeof result === 'object' && result !== null) emptyQueryAnswers.set(schema, { ...result })
  return result as T
}

// PUT endpoints whose path also has a POST: a POST carrying `_method=put` (forms send
// their PUT as a POST) must reach the PUT runner. The map is decorated on the root instance, so every
// encapsulated feature plugin sees the same one.
const pathsWithPut = new Set<string>(
  Object.values(endpoints)
    .filter((row) => row.method === 'PUT')
    .map((row) => row.path),
)

declare module 'fastify' {
  interface FastifyInstance {
    putRunners: Map<string, Runner>
  }
}

function wantsPut(request: FastifyRequest): boolean {
  const body = request.body as Record<string, unknown> | null | undefined
  if (!body || typeof body !== 'object') return false
  const field = body._method
  const value = typeof field === 'object' && field !== null && 'value' in field ? field.value : field
  return typeof value === 'string' && value.toLowerCase() === 'put'
}

/** Mounts a named endpoint's runner on its method and path, POST twins with `_method=put` included. */
function mount(app: FastifyInstance, name: EndpointName, route: RouteOptions | undefined, run: Runner): void {
  const definition = endpoints[name]
  const method: HttpMethod = definition.method
  const url = routePath(name)
  if (method === 'PUT') app.putRunners.set(definition.path, run)
  const dispatch: Runner =
    method === 'POST' && pathsWithPut.has(definition.path)
      ? (request, reply) => {
          const put = app.putRunners.get(definition.path)
          return wantsPut(request) && put ? put(request, reply) : run(request, reply)
        }
      : run
  app.route({ method, url, ...route, handler: dispatch })
}

/**
 * Checks access and parameters (a `member` route's membership too, before the query and body are
 * validated, so a stranger learns nothing from validation errors), splits uploads apart and validates them.
 */
async function admit(
  app: FastifyInstance,
  name: EndpointName,
  schemas: { params?: Schema<unknown>; query?: Schema<unknown>; body?: Schema<unknown> },
  request: FastifyRequest,
) {
  checkParams(request.params)
  const key = request.apiKey
  const keyed = key ? admitApiKey(name, key, request.params as object) : null
  if (!keyed) checkAccess(name, request.session, request.params as object)
  // A key's requests are counted per key, like the sessions' costly actions per account.
  if (key) await app.rateLimiter.consume(apiKeyLimit, key.id)
  const { fields, files } = splitMultipartBody(request.body)
  // Before any look-up: a NUL would reach the database as a 500.
  rejectNul({ params: request.params, query: request.query, body: fields })
  const provider =
    keyed ??
    (endpoints[name].access === 'member'
      ? await admitMember(app, request.session, request.params as object)
      : null)
  const params = validate(schemas.params, request.params, {})
  const body = validate(schemas.body, fields, undefined)
  // After the schema, whose field errors (an unknown key, say) say more; arktype lets an array pass
  // for an object whose keys are all optional, which this refuses.
  if (schemas.body) rejectMisplacedArrays(schemas.body, fields)
  return { params, body, query: validate(schemas.query, request.query, {}), files, provider }
}

/** 300 requests a minute per API key: a script syncing a brand's results every few seconds stays far below. */
const apiKeyLimit = { name: 'api-key:requests', max: 300, windowMs: 60_000 }

/** Path parameters: the row's params schema output, or else each placeholder as a string. */
export type RouteParams<N extends EndpointName> =
  ParamsOf<N> extends undefined ? ServerParams<N> : ParamsOf<N>

/** What a handler answers: the row's response type, or the reply itself for files (PDF, CSV). */
export type HandlerAnswer<N extends EndpointName> = AnswerOf<N> extends Blob ? FastifyReply : AnswerOf<N>

/**
 * A GET answered from the read cache (plugins/read-cache.ts) when its caller reads their own data:
 * the answer is serialised once, kept per user, and dropped when the database announces a change of
 * that user's rows (or of what everyone's answers show). Its handler must depend only on the path,
 * the query, the locale and the caller, and must not touch the reply.
 */
export interface PerUserCache<A> {
  /** When the answer turns stale with time alone (epoch ms), whatever the database says. */
  validUntil?: (answer: A) => number | null
}

/** The user whose data an owner route reads, when it is the caller's own (an admin's look at another's is not kept). */
function ownScope(session: AuthenticatedSession | null, params: object): string | null {
  return session && namesCaller(session, params) ? session.user.id : null
}

/**
 * Registers a named endpoint from its row alone: the contract's schemas validate what comes in, and
 * TypeScript holds the handler to the row's answer type. The row's success status (201, 202) is set
 * before the handler runs.
 */
export function registerRoute<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (context: EndpointContext<N, BodyOf<N>, QueryOf<N>, RouteParams<N>>) => Promise<HandlerAnswer<N>>,
  options: {
    route?: RouteOptions
    cachedPerUser?: PerUserCache<HandlerAnswer<N>>
    /** Honours an `Idempotency-Key` header from a signed-in caller: applied once, replayed after (idempotency.ts). */
    idempotent?: boolean
  } = {},
): void {
  const schemas: EndpointSchemas = endpointSchemas[name]
  const { cachedPerUser, idempotent } = options
  if (cachedPerUser && endpoints[name].method !== 'GET') throw new Error(`${name}: only reads are cached`)
  if (idempotent && endpoints[name].method === 'GET')
    throw new Error(`${name}: reads need no idempotency key`)
  if (idempotent && schemas.idempotencyKey !== 'accepted')
    throw new Error(`${name}: its row must publish the Idempotency-Key it honours (idempotencyKey)`)
  mount(app, name, options.route, async (request, reply) => {
    const { params, body, query, files, provider } = await admit(app, name, schemas, request)
    if (schemas.status) reply.code(schemas.status)
    const run = () =>
      handler({
        params: params as RouteParams<N>,
        body: body as BodyOf<N>,
        query: query as QueryOf<N>,
        files,
        session: request.session,
        provider,
        request,
        reply,
      })
    const key = idempotent ? idempotencyKeyHeader(request.headers['idempotency-key']) : null
    if (key && request.session) {
      const fingerprint = requestFingerprint(name, request.params, body, files)
      return answerOnce(
        app.db,
        { userId: request.session.user.id, key, endpoint: name, fingerprint },
        request,
        reply,
        run,
      )
    }
    const scope = cachedPerUser ? ownScope(request.session, request.params as object) : null
    if (!cachedPerUser || scope === null) return run()
    const cached = await app.readCache.read(
      scope,
      `${name} ${requestLocale(request)} ${request.url}`,
      async () => {
        const answer = await run()
        return cachedAnswer(answer, cachedPerUser.validUntil?.(answer) ?? null)
      },
      { validUntil: (entry) => entry.validUntil, weigh: weighCachedAnswer },
    )
    return sendCachedAnswer(request, reply, cached)
  })
}

/**
 * An action a client may send more than once (an offline queue's page and service worker, a retry
 * after a lost answer): registered with an `Idempotency-Key` honoured, see idempotency.ts.
 */
export function registerIdempotentRoute<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: (context: EndpointContext<N, BodyOf<N>, QueryOf<N>, RouteParams<N>>) => Promise<HandlerAnswer<N>>,
): void {
  registerRoute(app, name, handler, { idempotent: true })
}

/**
 * For PUT endpoints with no POST twin in the table, a POST route that only accepts `_method=put`.
 * Called once after every feature registered its endpoints.
 */
export function registerMethodOverrides(app: FastifyInstance): void {
  const postPaths = new Set<string>(
    Object.values(endpoints)
      .filter((row) => row.method === 'POST')
      .map((row) => row.path),
  )
  for (const path of pathsWithPut) {
    if (postPaths.has(path)) continue
    app.route({
      method: 'POST',
      url: path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (request, reply) => {
        const put = app.putRunners.get(path)
        if (!put || !wantsPut(request)) {
          return sendMethodNotAllowed(reply, methodsOf(path))
        }
        return put(request, reply)
      },
    })
  }
}
