import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { authParams, bindAuthModalAddress, followAuthParam } from '../auth-modal-state'

/**
 * Keeps the auth modal and the address's `auth` parameter in step, both ways: the modal opens for
 * `?auth=login` (a link clicked before hydration, a shared URL) and closes when the parameter goes;
 * opening, switching or closing it in the app writes the parameter (in place: no history entry).
 */
export function AuthModalAddress() {
  const param = useSearch({ strict: false, select: (search) => search.auth })
  const redirect = useSearch({ strict: false, select: (search) => search.redirect })
  const navigate = useNavigate()
  useEffect(() => followAuthParam(param, redirect), [param, redirect])
  useEffect(
    () =>
      bindAuthModalAddress((next) => {
        void navigate({
          to: '.',
          // Closing the modal forgets where signing in would have led.
          search: (previous) => ({
            ...previous,
            auth: next ? authParams[next] : undefined,
            redirect: next ? previous.redirect : undefined,
          }),
          replace: true,
          resetScroll: false,
        })
      }),
    [navigate],
  )
  return null
}
