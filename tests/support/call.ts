/**
 * Calls an endpoint of the app by its contract name, as the client does: `call(app, 'contact', { body })`
 * instead of a method and an '/api/...' path written again in every test. The path comes from the
 * endpoint table, the params, query and body are typed from the contract row, and `answer()` reads the
 * success body as the row's response type. A test that must send what the contract forbids (a bad
 * body, a forged path) still uses `app.inject` directly, so the exception shows.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { AnswerOf, BodyInputOf, QueryInputOf } from '#shared/contract/api.ts'
import { type EndpointName, type EndpointParams, endpoint, endpoints } from '#shared/endpoints.ts'
import { bearer, type TestUser } from './test-users'

type ParamsOption<N extends EndpointName> = keyof EndpointParams<N> extends never
  ? { params?: undefined }
  : { params: EndpointParams<N> }

export type CallOptions<N extends EndpointName> = ParamsOption<N> & {
  /** The signed-in caller (any suite's user with a session token): the token goes in the Authorization header. */
  as?: Pick<TestUser, 'token'>
  query?: Partial<QueryInputOf<N>>
  body?: BodyInputOf<N>
  headers?: Record<string, string>
  /** The client's address as the server sees it (rate limits and click identity are per address). */
  remoteAddress?: string
}

export type CallResult<N extends EndpointName> = LightMyRequestResponse & {
  /** The success body, typed from the contract row (a refusal's body is `json()`). */
  answer(): AnswerOf<N>
}

function queryText(query: object | undefined): Record<string, string | string[]> {
  const text: Record<string, string | string[]> = {}
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    text[key] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return text
}

export async function call<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  ...[options]: keyof EndpointParams<N> extends never ? [options?: CallOptions<N>] : [options: CallOptions<N>]
): Promise<CallResult<N>> {
  const { params, as, query, body, headers, remoteAddress } = (options ?? {}) as CallOptions<N> & {
    params?: EndpointParams<N>
  }
  const response = await app.inject({
    method: endpoints[name].method,
    url: endpoint(name, params),
    query: queryText(query),
    headers: { ...(as ? bearer(as) : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })
  return Object.assign(response, { answer: () => response.json<AnswerOf<N>>() })
}
