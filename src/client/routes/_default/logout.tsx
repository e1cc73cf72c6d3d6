import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PlaceholderPage } from '../../components/ui/placeholder-page'
import { request } from '../../lib/http'
import { removePersistedCache } from '../../lib/persister'
import { getSession, signOut } from '../../lib/session'

export const Route = createFileRoute('/_default/logout')({
  component: LogoutPage,
})

/**
 * Logging out happens in an effect, never in a loader: a hover preload of the logout link must
 * not sign anyone out. The local wipe does not wait for the server, so it works offline too.
 */
function LogoutPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    const { token, user } = getSession()
    if (token) {
      request('logout').catch(() => {
        // Offline or already expired: the token dies server-side at its expiry anyway.
      })
    }
    signOut()
    queryClient.clear()
    void removePersistedCache(user?.username).finally(() => navigate({ to: '/', replace: true }))
  }, [queryClient, navigate])
  return <PlaceholderPage title={<Trans>Logging out…</Trans>} />
}
