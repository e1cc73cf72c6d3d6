import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The client's navigable paths, read from the router's generated route tree (its `to` union), so
 * suites that walk every page pick up routes added later without being edited.
 */
export function clientRoutePaths(): string[] {
  const file = fileURLToPath(new URL('../../src/client/route-tree.gen.ts', import.meta.url))
  const source = readFileSync(file, 'utf8')
  const union = /\n {2}to:\n((?:\s+\| '[^']*'\n)+)/.exec(source)?.[1]
  if (!union) throw new Error('no `to` union found in route-tree.gen.ts')
  return [...union.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '').filter(Boolean)
}

/**
 * A concrete URL for a route template: `$name` takes `values[name]`, and an optional `{-$name}`
 * segment takes its value or disappears when none is given.
 */
export function fillRoute(template: string, values: Record<string, string>): string {
  const filled = template
    .replace(/\/\{-\$(\w+)\}/g, (_match, name: string) =>
      values[name] ? `/${encodeURIComponent(values[name])}` : '',
    )
    .replace(/\$(\w+)/g, (_match, name: string) => encodeURIComponent(values[name] ?? 'sample'))
  return filled === '' ? '/' : filled
}
