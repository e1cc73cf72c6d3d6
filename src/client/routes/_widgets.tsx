import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useLayoutEffect } from 'react'

/** The widgets layout: content only, on a transparent page, for OBS browser sources. */
export const Route = createFileRoute('/_widgets')({
  component: WidgetsLayout,
})

function WidgetsLayout() {
  // Before the first paint: the page is transparent from its first frame on stream.
  useLayoutEffect(() => {
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
