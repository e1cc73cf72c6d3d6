/**
 * Attacker's tests: FAQ and page markdown is written by admins, and a taken-over admin account must not
 * turn it into links that look local but lead to another host (`/\evil.example`), nor into scripts.
 */
import { expect, test } from 'vitest'
import { markdownToHtml } from '#client/features/content/markdown.tsx'

const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? '')

/** Where a browser on the site would go for an href as rendered (entities in it decoded). */
const landing = (href: string): string =>
  new URL(
    href.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code))),
    'https://streamdeals.test/faq/x',
  ).host

test.each([
  ['/\\evil.example/phish'],
  ['\\\\evil.example/phish'],
  ['//evil.example/phish'],
  ['/\\\\evil.example'],
  ['</\t/evil.example>'],
  ['</\\\t\\evil.example>'],
  ['/%2F/evil.example'],
  ['/%5Cevil.example'],
  ['/%252F/evil.example'],
  ['/%09/evil.example'],
  ['/\u200b/evil.example'],
  ['https:/\\evil.example'],
  ['https:\\\\evil.example'],
  ['javascript:alert(1)'],
  ['JaVaScRiPt:alert(1)'],
  ['java&#115;cript:alert(1)'],
  ['data:text/html,<script>alert(1)</script>'],
  ['vbscript:msgbox(1)'],
])('a link to %s is shown as plain text', (target) => {
  const html = markdownToHtml(`See [the offer](${target}) now.`)
  expect(hrefs(html)).toEqual([])
  expect(html).toContain('the offer')
})

test('a reference-style link and an image use the same rules; images never load', () => {
  const html = markdownToHtml('[x][evil] and ![pic](/\\evil.example/p.png)\n\n[evil]: /\\evil.example/phish')
  expect(hrefs(html)).toEqual([])
  expect(html).not.toContain('<img')
  expect(html).not.toContain('src=')
  expect(html).toContain('pic')
})

test.each([
  ['/faq/payouts', 'streamdeals.test'],
  ['/terms#privacy', 'streamdeals.test'],
  ['#top', 'streamdeals.test'],
  ['/search?q=a%20b', 'streamdeals.test'],
  ['https://partner.example/offer?x=1', 'partner.example'],
  ['http://partner.example', 'partner.example'],
])('a link to %s still works and lands on %s', (target, host) => {
  const [href] = hrefs(markdownToHtml(`[go](${target})`))
  expect(href).toBeDefined()
  expect(landing(href ?? '')).toBe(host)
})

test('mailto links and autolinks are kept', () => {
  expect(hrefs(markdownToHtml('[mail](mailto:help@streamdeals.example)'))).toEqual([
    'mailto:help@streamdeals.example',
  ])
  expect(hrefs(markdownToHtml('<https://partner.example/a>'))).toEqual(['https://partner.example/a'])
})

test('every href a browser would follow stays on this site or on the host it names', () => {
  // What the finding saw: a path that the browser reads as http://evil.example/phish.
  const html = markdownToHtml('[x](/\\evil.example/phish) [y](/faq)')
  expect(hrefs(html).map(landing)).toEqual(['streamdeals.test'])
})
