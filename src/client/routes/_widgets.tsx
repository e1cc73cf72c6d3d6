import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'

/** The widgets layout: content only, on a transparent page, for OBS browser sources. */
export const Route = createFileRoute('/_widgets')({
  component: WidgetsLayout,
})

function WidgetsLayout() {
  useEffect(() => {
    // The page background belongs to <html>, outside React: switch it while a widget shows.
    document.documentElement.classList.add('widget-mode')
    return () => document.documentElement.classList.remove('widget-mode')
  }, [])
  return (
    <main className="widget-layout">
      <Outlet />
    </main>
  )
}
