import type { ReactNode } from 'react'

/** A page whose content arrives later: its heading, and a line saying what will be here. */
export function PlaceholderPage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="placeholder-page">
      <h1>{title}</h1>
      {children ? <p className="muted">{children}</p> : null}
    </section>
  )
}
