import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { PlaceholderPage } from '#client/components/ui/placeholder-page.tsx'
import { logOut } from '#client/features/auth/logout.ts'

/**
 * Logging out happens in an effect, never in a loader: a hover preload of the logout link must
 * not sign anyone out. Then home, whatever the server answered.
 */
export function LogoutPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    void logOut(queryClient).finally(() => navigate({ to: '/', replace: true }))
  }, [queryClient, navigate])
  return <PlaceholderPage title={<Trans>Logging out…</Trans>} />
}
