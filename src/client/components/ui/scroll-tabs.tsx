import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'

// Room left beside the active tab when it is brought into view: a glimpse of its neighbour says the
// row goes on.
const EDGE = 24

/**
 * Scrolls a tab row sideways so its active tab (a router link marks itself `aria-current="page"`) is
 * fully visible. Only the row moves, never the page, and only as far as needed.
 */
function revealActiveTab(row: HTMLElement): void {
  const active = row.querySelector<HTMLElement>('[aria-current="page"]')
  if (!active) return
  const rowBox = row.getBoundingClientRect()
  const box = active.getBoundingClientRect()
  if (box.left < rowBox.left) row.scrollLeft -= rowBox.left - box.left + EDGE
  else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right + EDGE
}

// Under a pixel of scroll left on a side counts as none (fractional widths at some zoom levels).
const SLACK = 1

/**
 * Marks the sides of a tab row that hide tabs (`data-more-before`, `data-more-after`): the CSS fades
 * that edge, so a cut label reads as "more this way", not as a broken word.
 */
export function markHiddenTabs(row: HTMLElement): void {
  const rest = row.scrollWidth - row.clientWidth - row.scrollLeft
  row.toggleAttribute('data-more-before', row.scrollLeft > SLACK)
  row.toggleAttribute('data-more-after', rest > SLACK)
}

/**
 * A row of tab links that stays on one line: on a narrow screen it scrolls sideways (CSS in
 * styles.css, `.tabs` and `.sub-nav`), fades the edge that hides tabs, and keeps the current tab in
 * view after every navigation.
 */
export function ScrollTabs({
  label,
  className = 'tabs',
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  const row = useRef<HTMLElement>(null)
  const location = useRouterState({ select: (state) => state.location.href })
  // In the next frame, not during the commit: measuring there forced a layout of the whole page in
  // the start-up render's task (34 ms of a 200 ms offline cold start, in a Chromium profile; an effect
  // of a synchronous render runs in that task too). Just before the frame paints, the layout is the
  // one the paint needs anyway, and the row is already where it belongs when it shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again after each navigation
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (!row.current) return
      revealActiveTab(row.current)
      markHiddenTabs(row.current)
    })
    return () => cancelAnimationFrame(frame)
  }, [location])
  // A turned phone or a font that loads late changes what fits.
  useEffect(() => {
    const element = row.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => markHiddenTabs(element))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <nav
      ref={row}
      className={className}
      aria-label={label}
      onScroll={(event) => markHiddenTabs(event.currentTarget)}
    >
      {children}
    </nav>
  )
}
