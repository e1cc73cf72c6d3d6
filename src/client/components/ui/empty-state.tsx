import { type ReactNode, useId } from 'react'

/**
 * An empty list that still looks cared for: a small drawing (decorative), the message, and an optional
 * next step. Inline SVG: no request, no layout shift.
 */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  const gradient = useId()
  return (
    <div className="empty-state">
      <svg className="empty-art" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true">
        <defs>
          <linearGradient id={gradient} x2="1" y2="1">
            <stop stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <path
          d="M34 22h52c12 0 20 10 22 24l2 12c1 8-8 13-14 7L86 55H34L24 65c-6 6-15 1-14-7l2-12c2-14 10-24 22-24z"
          fill={`url(#${gradient})`}
        />
        <path d="M34 34v14M27 41h14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
        <circle cx="82" cy="36" r="4" fill="#fff" />
        <circle cx="92" cy="45" r="4" fill="#fff" />
        <path d="M100 6l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fbbf24" />
        <path d="M16 10l1.5 3.5 3.5 1.5-3.5 1.5-1.5 3.5-1.5-3.5-3.5-1.5 3.5-1.5z" fill="#c4b5fd" />
      </svg>
      <p>{children}</p>
      {action}
    </div>
  )
}
