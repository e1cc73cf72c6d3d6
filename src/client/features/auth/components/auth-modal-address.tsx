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
  const navigate = useNavigate()
  useEffect(() => followAuthParam(param), [param])
  useEffect(
    () =>
      bindAuthModalAddress((next) => {
        void navigate({
          to: '.',
          search: (previous) => ({ ...previous, auth: next ? authParams[next] : undefined }),
          replace: true,
          resetScroll: false,
        })
      }),
    [navigate],
  )
  return null
}
