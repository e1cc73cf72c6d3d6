/**
 * How the infrastructure (the auth plugin) learns which brand an API key belongs to, without knowing
 * where keys are kept: the brand feature implements it (features/brand/api-keys-service.ts) and the
 * composition root (app.ts) hands it to the plugin.
 */

/** A live (not revoked) brand API key, as the access rules need it. */
export interface ApiKeyCaller {
  id: string
  providerId: string
  /** The brand's slug: a key reaches only the routes whose `{slug}` names it. */
  slug: string
  status: 'pending' | 'approved'
  scope: 'read' | 'write'
}

export interface ApiKeyResolver {
  /** The key's brand and scope, or null when it is unknown or revoked. */
  resolve(key: string): Promise<ApiKeyCaller | null>
}

/** Every key starts with this, so a key is never mistaken for a session token (and a leak is greppable). */
export const API_KEY_PREFIX = 'sdk_live_'
