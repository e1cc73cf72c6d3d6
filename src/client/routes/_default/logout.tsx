import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PlaceholderPage } from '#client/components/ui/placeholder-page.tsx'
import { request } from '#client/lib/http.ts'
import { wipeUserData } from '#client/lib/offline/logout-wipe.ts'
import { getSession } from '#client/lib/session.ts'

export const Route = createFileRoute('/_default/logout')({
  component: LogoutPage,
})

/**
 * Logging out happens in an effect, never in a loader: a hover preload of the logout link must
 * not sign anyone out. The server is told first (the token dies there at once, sockets included);
 * the local wipe happens whatever its answer, so logout also works offline.
 */
function LogoutPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const { token } = getSession()
    const revoke = token
      ? request('logout').catch(() => {
          // Offline or already expired: the token dies server-side at its expiry anyway.
        })
      : Promise.resolve()
    void revoke.then(() => wipeUserData(queryClient)).finally(() => navigate({ to: '/', replace: true }))
  }, [queryClient, navigate])
  return <PlaceholderPage title={<Trans>Logging out…</Trans>} />
}
