/**
 * The one-way rules of the code, checked on every import of src/ so they cannot rot (the README's
 * Architecture section and the room READMEs say why): `client -> shared <- server`, infrastructure
 * that knows no feature, and imports that say where they go. And the repository explains itself: no
 * comment, test or doc points to a document or an issue tracker the repository does not hold.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const src = join(root, 'src')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : []
  })
}

interface ImportArrow {
  /** The importing file, relative to src/ (`client/lib/http.ts`). */
  from: string
  specifier: string
  /** The imported file relative to src/, or null for packages. */
  to: string | null
}

/** Every module specifier a file imports (static, type-only, re-exports and dynamic alike). */
function arrowsOf(file: string): ImportArrow[] {
  const source = readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] ?? '')
  const from = relative(src, file)
  return specifiers.map((specifier) => {
    const room = /^#(shared|client|server)\/(.*)$/.exec(specifier)
    if (room) return { from, specifier, to: `${room[1]}/${room[2]}` }
    if (specifier.startsWith('.'))
      return {
        from,
        specifier,
        to: relative(src, resolve(dirname(file), specifier)),
      }
    return { from, specifier, to: null }
  })
}

const arrows = sourcesUnder(src).flatMap(arrowsOf)
const show = (arrow: ImportArrow) => `${arrow.from} -> ${arrow.specifier}`
const roomOf = (path: string) => path.split('/')[0]
/** `client/features/deals` for any file of that feature; null outside features. */
const featureOf = (path: string) => {
  const [room, folder, name] = path.split('/')
  return folder === 'features' && name ? `${room}/features/${name}` : null
}

test('shared imports neither the client nor the server', () => {
  const wrong = arrows.filter(
    (arrow) => roomOf(arrow.from) === 'shared' && arrow.to && roomOf(arrow.to) !== 'shared',
  )
  expect(wrong.map(show)).toEqual([])
})

test('the client never imports the server, and the server never imports the client', () => {
  const wrong = arrows.filter(
    (arrow) =>
      arrow.to &&
      roomOf(arrow.from) !== roomOf(arrow.to) &&
      roomOf(arrow.to) !== 'shared' &&
      !arrow.to.startsWith('../'),
  )
  expect(wrong.map(show)).toEqual([])
})

// Composition roots wire features into the infrastructure; everything else below them knows no feature.
const clientComposition =
  /^client\/(app-features\.ts|main\.tsx|entry-server\.tsx|routes\/|components\/layout\/)/
const serverComposition = /^server\/(app\.ts|index\.ts)$/

test('infrastructure imports no feature: client lib/ and components/ui/, server plugins/, http/, lib/, db/', () => {
  const wrong = arrows.filter((arrow) => {
    if (!arrow.to || !featureOf(arrow.to) || featureOf(arrow.from)) return false
    return !clientComposition.test(arrow.from) && !serverComposition.test(arrow.from)
  })
  expect(wrong.map(show)).toEqual([])
})

/**
 * A feature reaches another only through its public faces: on the client, the modules at the top of
 * the feature's folder (api, queries, mutations, live, messages and the like), never what sits in its
 * components/ or admin/ folders; on the server, its `*-service.ts` modules. Routes and the composition
 * roots may compose any feature's parts.
 */
const isPublicFace = (path: string) => {
  const [room, , feature, ...rest] = path.split('/')
  if (room === 'server') return rest.length === 1 && /-service(\.ts)?$/.test(rest[0] ?? '')
  return rest.length === 1 && feature !== undefined
}

test("a feature imports another feature only through that feature's public faces", () => {
  const wrong = arrows.filter((arrow) => {
    if (!arrow.to) return false
    const from = featureOf(arrow.from)
    const to = featureOf(arrow.to)
    return from !== null && to !== null && from !== to && !isPublicFace(arrow.to)
  })
  expect(wrong.map(show)).toEqual([])
})

test('no import climbs more than two levels: farther ones name their room (#shared, #client, #server)', () => {
  const wrong = arrows.filter((arrow) => arrow.specifier.startsWith('../../../'))
  expect(wrong.map(show)).toEqual([])
})

/**
 * One shape per client feature: its calls to the server sit in its `api.ts`, and its admin screens'
 * in `admin/api.ts` (so a user's pages never load them); queries, mutations and components only
 * call those functions. `lib/http.ts` defines `api()`. A regex literal such as
 * `/^\/api(\/|$)/` is not a call: a slash or a word character before `api(` does not count.
 */
const apiCall = /(?<![\w$./])api\s*\(/
const mayCallApi = (path: string) =>
  path === 'client/lib/http.ts' || /^client\/features\/[^/]+\/(admin\/)?api\.ts$/.test(path)

test('a client feature calls the server only through its api.ts', () => {
  const clientFiles = sourcesUnder(join(src, 'client'))
  expect(clientFiles.length).toBeGreaterThan(100)
  const wrong = clientFiles
    .map((file) => relative(src, file))
    .filter((path) => !mayCallApi(path) && apiCall.test(readFileSync(join(src, path), 'utf8')))
  expect(wrong, "move the call into the feature's api.ts (or admin/api.ts)").toEqual([])
})

/**
 * A query key is read through the helpers its factory exports (`features/<name>/queries.ts`), never by
 * position: a key that gains a part then breaks in one file, not in every reader.
 */
test('no source file reads a query key by position', () => {
  const wrong = sourcesUnder(src).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (/queryKey\s*\[/.test(line) ? [`${relative(src, file)}:${index + 1}`] : [])),
  )
  expect(wrong, 'use (or add) a key helper exported by the query factory').toEqual([])
})

/**
 * Every form is a react-hook-form form (its values, errors and submission in one place, checked by a
 * resolver), not a state per field: the file rendering a `<form>` uses react-hook-form itself or
 * through a hook of its own folder that does (`use-secret-form.ts`).
 */
const usesFormKit = (source: string) => /from ['"]react-hook-form['"]/.test(source)

test('every client form is on the form kit (react-hook-form)', () => {
  const forms = sourcesUnder(join(src, 'client')).filter(
    (file) =>
      file.endsWith('.tsx') && !file.endsWith('.test.tsx') && /<form[\s>]/.test(readFileSync(file, 'utf8')),
  )
  expect(forms.length).toBeGreaterThan(20)
  const wrong = forms
    .filter((file) => {
      if (usesFormKit(readFileSync(file, 'utf8'))) return false
      const local = arrowsOf(file).flatMap((arrow) =>
        arrow.specifier.startsWith('.') && arrow.to ? [arrow.to] : [],
      )
      return !local.some((path) =>
        ['.ts', '.tsx'].some((ext) => {
          try {
            return usesFormKit(readFileSync(join(src, `${path.replace(/\.tsx?$/, '')}${ext}`), 'utf8'))
          } catch {
            return false
          }
        }),
      )
    })
    .map((file) => relative(src, file))
  expect(wrong, 'build the form with useForm and components/ui/field.tsx').toEqual([])
})
test('the checks see real arrows (the composition root imports features)', () => {
  const composed = arrows.filter(
    (arrow) => arrow.from === 'client/app-features.ts' && arrow.to && featureOf(arrow.to),
  )
  expect(composed.length).toBeGreaterThan(0)
  expect(
    arrows.filter((arrow) => arrow.from === 'server/app.ts' && arrow.to && featureOf(arrow.to)).length,
  ).toBeGreaterThan(0)
})

/**
 * References to documents outside the repository (a design or spec document, a style guide, their
 * numbered sections) and to issue numbers. A reader of the repository cannot follow them, so the
 * reason belongs in the line itself, or in the README and room READMEs. The patterns are spelt with
 * character classes and an escape so that this file does not match itself.
 */
const outsideReferences: RegExp[] = [
  /\bDESIG[N]\b/,
  /\bSPE[C]\b/,
  /\bSTYL[E]\.md\b/,
  /\u00a7/,
  /\bissu[e][ -]?#?[0-9]+/i,
  /\bthe spe[c]('s)?\b/i,
]

/** What the repository is made of: its rooms, its tests, and the top-level docs and configuration. */
const scanned = [
  'src',
  'tests',
  'public',
  '.ci',
  'README.md',
  'vite.config.ts',
  'lingui.config.ts',
  'index.html',
  'package.json',
  'tsconfig.json',
  '.env.example',
]
/** Generated or not committed: build output, test and bench results, compiled catalogs. */
const notScanned =
  /(^|\/)(node_modules|dist|\.build|results|\.results|artifacts|artefacts|test-results|playwright-report|\.tanstack)(\/|$)|\.gen\.ts$|locales\/[^/]+\/messages\.js$/

function filesUnder(path: string): string[] {
  const relativePath = relative(root, path)
  if (notScanned.test(relativePath)) return []
  let stats: ReturnType<typeof statSync>
  try {
    stats = statSync(path)
  } catch {
    return []
  }
  if (stats.isDirectory()) return readdirSync(path).flatMap((name) => filesUnder(join(path, name)))
  return stats.size < 2_000_000 ? [path] : []
}

/** Each line that names an outside document or an issue, as `file:line: matched text`. */
function outsideReferencesIn(files: string[]): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    if (text.includes('\0')) return []
    return text.split('\n').flatMap((line, index) => {
      const found = outsideReferences.map((pattern) => pattern.exec(line)?.[0]).filter(Boolean)
      return found.length
        ? [`${relative(root, file)}:${index + 1}: ${found.join(', ')} in "${line.trim()}"`]
        : []
    })
  })
}

test('the repository cites no outside document and no issue number: the reason is written down here', () => {
  const files = scanned.flatMap((path) => filesUnder(join(root, path)))
  expect(files.length).toBeGreaterThan(100)
  const offenders = outsideReferencesIn(files)
  expect(offenders, 'write the reason in the line, or point to the README or a room README').toEqual([])
})

/** Each file of `files` longer than `max` lines, as `file:lines`. */
function longerThan(files: string[], max: number): string[] {
  return files.flatMap((file) => {
    const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length
    return lines > max ? [`${relative(root, file)}:${lines}`] : []
  })
}

// A route file names its URL, loader and head, and hands the page to a component kept in a `-components/`
// folder beside it or in the feature: read at a glance, it tells what the page loads and shows.
const ROUTE_MAX_LINES = 80
test(`route files stay thin: at most ${ROUTE_MAX_LINES} lines outside their -components/ folders`, () => {
  const routes = sourcesUnder(join(src, 'client/routes')).filter((file) => !file.includes('/-components/'))
  expect(routes.length).toBeGreaterThan(20)
  expect(
    longerThan(routes, ROUTE_MAX_LINES),
    `move the page's components into a -components/ folder beside the route or into the feature`,
  ).toEqual([])
})

// Past a few hundred lines a module holds more than one responsibility; the database schema, the seed
// data, generated files and translation catalogs are lists, not logic, and are left out.
const SOURCE_MAX_LINES = 300
const longByNature = /(^|\/)(schema\.ts|seed-[^/]+\.ts|[^/]+\.gen\.ts)$|(^|\/)locales\//
test(`source files under src/ stay at most ${SOURCE_MAX_LINES} lines`, () => {
  const sources = sourcesUnder(src).filter((file) => !longByNature.test(relative(src, file)))
  expect(sources.length).toBeGreaterThan(100)
  expect(
    longerThan(sources, SOURCE_MAX_LINES),
    'split the file by responsibility into sibling modules',
  ).toEqual([])
})
