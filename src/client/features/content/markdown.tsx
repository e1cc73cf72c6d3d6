import { Marked, type Tokens } from 'marked'

// Only these link targets are followed; `javascript:` and friends become plain text.
const safeHref = /^(https?:|mailto:|\/(?!\/)|#)/i

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * Markdown for admin-written content. Raw HTML in the source is shown as text, never parsed, and
 * links keep only safe protocols: an admin account taken over cannot plant a script on public pages.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens)
      if (!safeHref.test(href)) return label
      const external = /^https?:/i.test(href)
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
      const rel = external ? ' rel="noopener noreferrer" target="_blank"' : ''
      return `<a href="${escapeHtml(href)}"${titleAttribute}${rel}>${label}</a>`
    },
    image: ({ text }: Tokens.Image) => escapeHtml(text),
  },
})

export function markdownToHtml(source: string): string {
  return markdown.parse(source) as string
}

/** Renders trusted-shape, sanitised markdown; the same output on the server and in the browser. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: raw HTML is escaped and links are filtered above.
    <div className={className ?? 'markdown'} dangerouslySetInnerHTML={{ __html: markdownToHtml(source) }} />
  )
}
