import { createFileRoute } from '@tanstack/react-router'
import { AdminSection } from '../-components/admin-sections'

/**
 * One admin section, /admin/<section> (admin-sections.tsx lists them). One child route serves them
 * all, each screen its own chunk: a route file per section weighed on the first route, which holds
 * the route tree (src/client/decisions/0006-admin-sections-one-route.md).
 */
export const Route = createFileRoute('/_default/admin/$section')({ component: AdminSection })
