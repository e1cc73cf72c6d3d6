/**
 * What JavaScript a built client loads before its first render: the entry script of index.html, its
 * modulepreload links, and everything those import statically (dynamic `import()` chunks load later,
 * on demand). Shared by the bundle benchmark and the bundle-budget check that runs in `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// Static `import ... from "x"`, `import "x"` and `export ... from "x"`; never `import("x")`.
const STATIC_IMPORT = /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g

/** Paths (relative to `clientDir`) of the entry scripts and modulepreload links of index.html. */
export function entryScripts(clientDir) {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (m) => m[1],
  )
  return [...new Set([...scripts, ...preloads])].map((src) => src.replace(/^\//, ''))
}

/** The entry scripts and the transitive closure of their static imports, as client-relative paths. */
export function initialScripts(clientDir) {
  return staticClosure(clientDir, entryScripts(clientDir))
}

/** `files` and everything they import statically, transitively, as client-relative paths. */
export function staticClosure(clientDir, files) {
  const seen = new Set()
  const queue = [...files]
  while (queue.length) {
    const file = queue.shift()
    if (seen.has(file)) continue
    const path = join(clientDir, file)
    if (!existsSync(path)) throw new Error(`a chunk imports a missing script: ${file}`)
    seen.add(file)
    const code = readFileSync(path, 'utf8')
    for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
      const target = specifier.startsWith('/')
        ? specifier.slice(1)
        : relative(clientDir, resolve(dirname(path), specifier))
      if (!seen.has(target)) queue.push(target)
    }
  }
  return [...seen]
}

/** The source files a built chunk was made from, from its source map (none without one). */
export function chunkSources(clientDir, file) {
  const map = join(clientDir, `${file}.map`)
  if (!existsSync(map)) return []
  return JSON.parse(readFileSync(map, 'utf8')).sources.map((source) => source.replace(/^(\.\.\/)+/, ''))
}

/** The built chunks (client-relative paths) made from at least one source file matching `pattern`. */
export function chunksFrom(clientDir, pattern) {
  const assets = readdirSync(join(clientDir, 'assets')).filter((name) => name.endsWith('.js'))
  return assets
    .map((name) => `assets/${name}`)
    .filter((file) => chunkSources(clientDir, file).some((source) => pattern.test(source)))
}

/** Raw, gzip (level 9) and brotli (quality 11) sizes of files, in bytes: what a CDN would serve. */
export function compressedSizes(clientDir, files) {
  const total = { raw: 0, gzip: 0, brotli: 0 }
  const perFile = files.map((file) => {
    const content = readFileSync(join(clientDir, file))
    const sizes = {
      file,
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }
    total.raw += sizes.raw
    total.gzip += sizes.gzip
    total.brotli += sizes.brotli
    return sizes
  })
  return { total, perFile }
}
