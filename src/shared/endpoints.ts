/**
 * The named endpoint table, whole: the rows every page may call (endpoint-rows.ts, where `access` is
 * explained), the brand portal's rows (brand-endpoints.ts) and the admin rows (admin-endpoints.ts).
 * Apart so that the client's first route, which imports endpoint-rows.ts only, carries neither.
 * The access-control test walks this table, so a route added here without the check fails it.
 */
import { adminEndpoints } from './admin-endpoints'
import { brandEndpoints } from './brand-endpoints'
import { type EndpointDefinition, fillPath, userEndpoints } from './endpoint-rows'

export {
  type Access,
  type EndpointDefinition,
  type HttpMethod,
  MissingEndpointParameterError,
} from './endpoint-rows'

export const endpoints = { ...userEndpoints, ...brandEndpoints, ...adminEndpoints }

export type EndpointName = keyof typeof endpoints

/** Placeholder names of a path template, as a type: `'/a/{x}/{y}'` gives `'x' | 'y'`. */
type PlaceholdersOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never

export type EndpointParams<N extends EndpointName> = Record<
  PlaceholdersOf<(typeof endpoints)[N]['path']>,
  string | number
>

/**
 * Fills the `{param}` placeholders of a named endpoint's path, URL-encoding every value.
 * Throws a `MissingEndpointParameterError` when a parameter is missing or empty, so a broken call
 * fails loudly at its source instead of hitting `/api/user/undefined`.
 */
export function endpoint<N extends EndpointName>(name: N, params?: EndpointParams<N>): string {
  const definition: EndpointDefinition | undefined = endpoints[name]
  if (!definition) throw new Error(`Unknown endpoint "${String(name)}"`)
  return fillPath(String(name), definition.path, params)
}

/** The path in the router syntax Fastify uses: `{username}` becomes `:username`. */
export function routePath(name: EndpointName): string {
  return endpoints[name].path.replace(/\{(\w+)\}/g, ':$1')
}
