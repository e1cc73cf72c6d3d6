/**
 * Page titles and descriptions. Routes declare them with TanStack Router's `head` option; the
 * server render reads them into `<title>`/`<meta>`, and the browser applies them after each navigation.
 */
type MetaTag = { title?: string; name?: string; content?: string } | undefined

interface MatchWithMeta {
  meta?: MetaTag[] | undefined
}

export interface PageHead {
  title: string
  description: string
}

export const siteName = 'Streamdeals'

/** Title and description of a page; the deepest route that sets one wins. */
export function pageHead(matches: readonly MatchWithMeta[], fallback: PageHead): PageHead {
  let { title, description } = fallback
  for (const match of matches) {
    for (const tag of match.meta ?? []) {
      if (tag?.title) title = tag.title
      if (tag?.name === 'description' && tag.content) description = tag.content
    }
  }
  return { title, description }
}

/** The `head` value of a route: a title (suffixed with the site name) and a description. */
export function headOf(title: string, description: string) {
  return { meta: [{ title: `${title} · ${siteName}` }, { name: 'description', content: description }] }
}

/** Browser side: keeps `document.title` and the description in step with the route. */
export function applyPageHead(head: PageHead): void {
  document.title = head.title
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
}
