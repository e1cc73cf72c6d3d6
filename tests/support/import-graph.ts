/**
 * The import graph of src/, for the import-circle test: every module specifier a file names (static,
 * type-only, re-exports and dynamic alike, since each is an arrow a reader follows), resolved the way
 * TypeScript and Vite resolve ours (relative paths, the `#shared/*`-style subpath imports, the
 * extension left out or written). A small resolver rather than a library: the project's imports take
 * these few forms, and a graph tool would bring its own parsers and their updates for them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
export const srcDir = join(root, 'src')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

function specifiersOf(source: string): string[] {
  return [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '')
}

function fileAt(base: string): string | null {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null
}

/** The file a specifier names, or null for a package (or anything that is not one of our sources). */
function resolveSpecifier(from: string, specifier: string): string | null {
  const room = /^#(shared|client|server)\/(.*)$/.exec(specifier)
  const base = room
    ? join(srcDir, room[1] ?? '', room[2] ?? '')
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null
  if (!base) return null
  const file = fileAt(base.replace(/\?.*$/, ''))
  return file && /\.tsx?$/.test(file) ? file : null
}

/** Each source file of src/ (relative to src/) and the sources it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourcesUnder(srcDir)) {
    const targets = specifiersOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== null)
    graph.set(relative(srcDir, file), [...new Set(targets.map((target) => relative(srcDir, target)))])
  }
  return graph
}

/** The groups of files that reach each other through imports (strongly connected, two files or more). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return circles
}
