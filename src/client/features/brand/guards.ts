import { redirect } from '@tanstack/react-router'
import { type GuardOptions, requireUser } from '#client/lib/guards.ts'
import { brandQueries } from './queries'

/**
 * `beforeLoad` guard of the brand portal: brand accounts and admins come in; anyone else
 * (a streamer) only as a member of some provider, else they are sent to their deals. Loaded by the
 * route when first needed, so the first route does not carry the brand queries.
 */
export async function requireBrandAccess(options: GuardOptions): Promise<{ username: string }> {
  const user = requireUser(options)
  if (user.kind === 'provider' || user.roles.includes('admin')) return { username: user.username }
  const providers = await options.context.queryClient
    .ensureQueryData(brandQueries.providers())
    .catch(() => ({ items: [] }))
  if (providers.items.length === 0) throw redirect({ to: '/dashboard/deal' })
  return { username: user.username }
}
