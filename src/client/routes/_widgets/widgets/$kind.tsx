import { createFileRoute, useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

// Loaded by the route's own chunk: the overlays' code and the list of chunks it needs both stay out of
// the first route's JavaScript (the route tree only names this route).
const OverlayPage = lazy(() => import('#client/features/deals/overlays/overlay-route.tsx'))

/**
 * The stream overlays for OBS browser sources (goal, alert, cta, qr), found by the deal's widget token;
 * the URL's search fixes the language and the look (overlays/overlay-settings.ts).
 */
export const Route = createFileRoute('/_widgets/widgets/$kind')({
  component: OverlayRoute,
})

function OverlayRoute() {
  const { kind } = Route.useParams()
  const search = useSearch({ strict: false }) as Record<string, unknown>
  return (
    <Suspense fallback={null}>
      <OverlayPage kind={kind} search={search} />
    </Suspense>
  )
}
