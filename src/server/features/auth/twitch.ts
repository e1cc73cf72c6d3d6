/**
 * Twitch OAuth (authorization code flow): the browser gets a code from Twitch's authorize page, the
 * server exchanges it for a token with the client secret and reads who the user is on Twitch.
 * The URLs are configurable so tests (and staging) can use a local stand-in.
 */

export interface TwitchUrls {
  /** Base of the OAuth endpoints: `<base>/authorize`, `<base>/token`. */
  oauth: string
  /** Base of the Helix API: `<base>/users`. */
  api: string
}

export interface TwitchAccount {
  id: string
  login: string
  displayName: string
}

export class TwitchError extends Error {
  override name = 'TwitchError'
}

// 10 s: both calls answer in well under a second; beyond that the user is better off retrying.
const TWITCH_TIMEOUT_MS = 10_000

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new TwitchError(`Twitch refused the ${what} (HTTP ${response.status})`)
  const body = (await response.json()) as unknown
  if (typeof body !== 'object' || body === null) throw new TwitchError(`Twitch sent an unreadable ${what}`)
  return body as Record<string, unknown>
}

/** Exchanges an authorization code and returns the Twitch account it belongs to. */
export async function exchangeTwitchCode(
  urls: TwitchUrls,
  credentials: { clientId: string; clientSecret: string },
  code: string,
  redirectUri: string,
): Promise<TwitchAccount> {
  const tokenResponse = await fetch(`${urls.oauth}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
    }),
    signal: AbortSignal.timeout(TWITCH_TIMEOUT_MS),
  })
  const token = await json(tokenResponse, 'authorization code')
  if (typeof token.access_token !== 'string') throw new TwitchError('Twitch sent no access token')
  const usersResponse = await fetch(`${urls.api}/users`, {
    headers: { Authorization: `Bearer ${token.access_token}`, 'Client-Id': credentials.clientId },
    signal: AbortSignal.timeout(TWITCH_TIMEOUT_MS),
  })
  const users = await json(usersResponse, 'user lookup')
  const [user] = Array.isArray(users.data) ? (users.data as Record<string, unknown>[]) : []
  if (!user || typeof user.id !== 'string' || typeof user.login !== 'string') {
    throw new TwitchError('Twitch did not say which account this is')
  }
  return {
    id: user.id,
    login: user.login,
    displayName: typeof user.display_name === 'string' ? user.display_name : user.login,
  }
}
