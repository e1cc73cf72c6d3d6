import { useQuery } from '@tanstack/react-query'
import { TurnstileChallenge } from '#client/components/ui/turnstile.tsx'
import { authQueries } from '#client/features/auth/queries.ts'

/**
 * The Turnstile challenge when the server has it on (the auth feature owns the widget and the
 * settings query; the public forms reuse them rather than load a second copy of the script).
 */
export function Captcha({ onToken }: { onToken: (token: string) => void }) {
  const { data } = useQuery(authQueries.settings())
  const siteKey = data?.turnstileSiteKey ?? null
  return siteKey ? <TurnstileChallenge siteKey={siteKey} onToken={onToken} /> : null
}
