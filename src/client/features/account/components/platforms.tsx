import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { authQueries } from '#client/features/auth/queries.ts'
import { notify } from '#client/lib/toast.ts'
import type { AuthSettings, Platform } from '#shared/contract/auth.ts'
import { connectTwitch, disconnectPlatform } from '../mutations'
import { accountQueries } from '../queries'

const STATE_KEY = 'twitch_oauth_state'
const redirectUri = () => `${location.origin}/dashboard/account`

/** Sends the browser to Twitch's consent page; `state` ties the answer to this tab (CSRF). */
function startTwitch(twitch: NonNullable<AuthSettings['twitch']>) {
  const state = crypto.randomUUID()
  sessionStorage.setItem(STATE_KEY, state)
  const url = new URL(twitch.authorizeUrl)
  url.searchParams.set('client_id', twitch.clientId)
  url.searchParams.set('redirect_uri', redirectUri())
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', 'user:read:email')
  url.searchParams.set('state', state)
  location.assign(url.href)
}

/** Back from Twitch with `?code&state`: finish the connection once, then clean the URL. */
function useTwitchReturn(username: string, code: string | undefined, state: string | undefined) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { t } = useLingui()
  const handled = useRef(false)
  useEffect(() => {
    if (!code || handled.current) return
    handled.current = true
    const expected = sessionStorage.getItem(STATE_KEY)
    sessionStorage.removeItem(STATE_KEY)
    const finish = () => navigate({ to: '/dashboard/account', search: {}, replace: true, resetScroll: false })
    if (!expected || expected !== state) {
      void notify('error', t`The Twitch answer did not match this page. Please try again.`)
      void finish()
      return
    }
    connectTwitch(queryClient, username, code, redirectUri())
      .then(() => notify('success', t`Your Twitch account is connected.`))
      .catch(() => notify('error', t`Twitch refused the connection. Please try again.`))
      .finally(() => void finish())
  }, [code, state, username, navigate, queryClient, t])
}

export function ConnectedPlatforms({
  username,
  twitchCode,
  twitchState,
}: {
  username: string
  twitchCode?: string
  twitchState?: string
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const settings = useQuery(authQueries.settings())
  const list = useQuery(accountQueries.platforms(username))
  const [removing, setRemoving] = useState<string | null>(null)
  useTwitchReturn(username, twitchCode, twitchState)

  const remove = async (platform: Platform) => {
    setRemoving(platform.reference)
    try {
      await disconnectPlatform(queryClient, username, platform)
    } catch {
      void notify('error', t`This platform could not be disconnected. Please try again.`)
    } finally {
      setRemoving(null)
    }
  }

  const items = list.data?.items ?? []
  const twitch = settings.data?.twitch ?? null
  // Twitch off on this server and nothing connected: nothing to offer, so no section at all (the
  // admin's Integrations tab says which settings switch it on). Nothing either until the settings load.
  if (!settings.isSuccess || (!twitch && items.length === 0)) return null
  return (
    <section className="card-section" aria-labelledby="platforms-heading">
      <h2 id="platforms-heading">
        <Trans>Connected platforms</Trans>
      </h2>
      <div className="platforms">
        {items.length === 0 && list.isSuccess ? (
          <p className="muted">
            <Trans>No streaming platform is connected yet.</Trans>
          </p>
        ) : (
          <ul className="link-list">
            {items.map((platform) => (
              <li key={`${platform.code}-${platform.reference}`} className="platform-row">
                <span>
                  <strong>{platform.code === 'twitch' ? 'Twitch' : platform.code}</strong> —{' '}
                  {platform.displayName}
                </span>
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={removing === platform.reference}
                  onClick={() => void remove(platform)}
                >
                  <Trans>Disconnect</Trans>
                </button>
              </li>
            ))}
          </ul>
        )}
        {twitch ? (
          <button type="button" className="button" onClick={() => startTwitch(twitch)}>
            <Trans>Connect my Twitch account</Trans>
          </button>
        ) : null}
      </div>
    </section>
  )
}
