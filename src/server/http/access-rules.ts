/**
 * The endpoint table's `access` column, enforced: who is signed in, whether the route's
 * `{username}` names them, whether they belong to the provider its `{slug}` names.
 * register-endpoint.ts applies these to every route; nothing else decides access.
 */
import type { FastifyInstance } from 'fastify'
import { apiKeyEndpoints } from '#shared/api-key-endpoints.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { forbidden, notFound, unauthorized } from './api-error'
import type { ApiKeyCaller } from './api-key-resolver'

export interface SessionUser {
  id: string
  username: string
  roles: string[]
}

export interface AuthenticatedSession {
  id: string
  user: SessionUser
}

/** The provider a `member` route's `{slug}` names, as the caller may act on it. */
export interface ProviderAccess {
  providerId: string
  slug: string
  status: 'pending' | 'approved'
  /** The caller's role in it; null for an admin who is not a member. */
  role: 'owner' | 'member' | null
}

/**
 * Finds the provider of a slug with the caller's role in it (null role: not a member), or null when no
 * provider has that slug. The brand feature registers it (app.ts): the access rule lives here, the
 * tables it reads there.
 */
export type ProviderAccessLookup = (slug: string, userId: string) => Promise<ProviderAccess | null>

declare module 'fastify' {
  interface FastifyInstance {
    providerAccess: ProviderAccessLookup
  }
}

export const isAdmin = (user: SessionUser) => user.roles.includes('admin')

/** Enforces the endpoint table's `access` column; the one place access rules live. */
export function checkAccess(name: EndpointName, session: AuthenticatedSession | null, params: object): void {
  const { access } = endpoints[name]
  if (access === 'public') return
  if (!session) throw unauthorized()
  // member: the membership is looked up by admitMember once this synchronous part has passed.
  if (access === 'session' || access === 'member') return
  if (access === 'admin') {
    if (!isAdmin(session.user)) throw forbidden()
    return
  }
  // owner: the {username} or {user} placeholder must name the caller (admins may act for anyone).
  if (isAdmin(session.user)) return
  if (!namesCaller(session, params)) throw forbidden()
}

/**
 * A `member` route's provider: a member passes (with their role), an admin passes on any provider
 * that exists (404 for one that does not), anyone else gets 403, whether or not the slug exists, so
 * a member of one brand cannot even learn which other slugs exist.
 */
export async function admitMember(
  app: FastifyInstance,
  session: AuthenticatedSession | null,
  params: object,
): Promise<ProviderAccess> {
  if (!session) throw unauthorized()
  const slug = (params as Record<string, string | undefined>).slug
  const found = slug === undefined ? null : await app.providerAccess(slug, session.user.id)
  if (isAdmin(session.user)) {
    if (!found) throw notFound('This provider does not exist')
    return found
  }
  if (!found || found.role === null) throw forbidden()
  return found
}

/** Whether the route's {username} or {user} placeholder names the caller (usernames match without case). */
export function namesCaller(session: AuthenticatedSession, params: object): boolean {
  const values = params as Record<string, string | undefined>
  const owner = values.username ?? values.user
  return owner !== undefined && owner.toLowerCase() === session.user.username.toLowerCase()
}

/**
 * A brand API key's access: only the brand API's routes (any other answers 401, as if anonymous), only
 * its own brand's `{slug}` (403 otherwise, the answer a non-member gets, so a key cannot probe which
 * other slugs exist), and writes only with a write key (403). The key acts as a member, never an owner.
 * Null: a public route, answered as to anyone.
 */
export function admitApiKey(name: EndpointName, key: ApiKeyCaller, params: object): ProviderAccess | null {
  if (!apiKeyEndpoints.has(name)) {
    if (endpoints[name].access === 'public') return null
    throw unauthorized()
  }
  const slug = (params as Record<string, string | undefined>).slug
  if (slug !== key.slug) throw forbidden()
  if (endpoints[name].method !== 'GET' && key.scope !== 'write') throw forbidden()
  return { providerId: key.providerId, slug: key.slug, status: key.status, role: 'member' }
}
