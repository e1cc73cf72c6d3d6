import { lazy, Suspense } from 'react'
import type { RenderedEntry } from '../queries'

// Only for entries without their HTML (a copy cached offline before bodies came rendered).
const Markdown = lazy(() => import('../markdown').then((module) => ({ default: module.Markdown })))

/**
 * A content entry's body, from the HTML rendered with its query (queries.ts). Hydration keeps the
 * server's markup as it is: the same string, no markdown parsing in the browser.
 */
export function ContentBody({ entry }: { entry: Pick<RenderedEntry, 'body' | 'html'> }) {
  if (typeof entry.html !== 'string') {
    return (
      <Suspense fallback={null}>
        <Markdown source={entry.body} />
      </Suspense>
    )
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown.tsx escaped raw HTML and filtered links when it rendered this.
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: entry.html }} />
}
