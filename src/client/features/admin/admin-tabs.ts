import { type ComponentType, lazy } from 'react'

/**
 * The tabs of the /admin page. Each feature adds its own tab here; tab components load lazily so
 * the admin code never weighs on other pages.
 */
export interface AdminTab {
  id: string
  /** A Lingui message descriptor id is not needed: labels are translated where they render. */
  label: () => string
  component: ComponentType
}

export const adminTabs: AdminTab[] = []

// Keeps `lazy` imported for the features that add tabs below.
export const lazyTab = (load: () => Promise<{ default: ComponentType }>) => lazy(load)
