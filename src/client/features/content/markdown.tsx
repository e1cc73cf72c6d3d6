import { Marked, type Tokens } from 'marked'
import { isExternalHref, isSafeHref } from './safe-href'

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
      // Refused targets (`javascript:`, `/\other.host`...) leave the label as plain text.
      if (!isSafeHref(href)) return label
      const external = isExternalHref(href)
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : ''
      const rel = external ? ' rel="noopener noreferrer" target="_blank"' : ''
      return `<a href="${escapeHtml(href)}"${titleAttribute}${rel}>${label}</a>`
    },
    // Images are never loaded from admin text (no src at all): only their description is shown.
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
