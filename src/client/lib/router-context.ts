import type { QueryClient } from '@tanstack/react-query'
import type { User } from '#shared/contract/auth.ts'
import { currentUser } from './session'

/** Who is signed in, as routes read it: through the router context, never from storage directly. */
export interface AuthContext {
  /** The signed-in user as the session holds them now; null when signed out (and in a server render). */
  user(): User | null
}

/**
 * What every route's `beforeLoad`, loader and component get from the router (typed by
 * `createRootRouteWithContext<RouterContext>()` in routes/__root.tsx). In its own module so the root
 * route does not import the router that imports the route tree that imports the root route.
 */
export interface RouterContext {
  queryClient: QueryClient
  auth: AuthContext
}

/** The session store (lib/session) seen as the router's auth. */
export const sessionAuth: AuthContext = { user: currentUser }
