import type { ReactNode } from 'react'

/**
 * A wide table's frame that scrolls sideways on a phone. It takes keyboard focus and names itself, so
 * someone without a pointer can reach and scroll the columns past the screen's edge (a region that
 * scrolls but cannot be focused is out of their reach).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** What the region holds, read out when it takes focus. */
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className={className} tabIndex={0} aria-label={label}>
      {children}
    </section>
  )
}
