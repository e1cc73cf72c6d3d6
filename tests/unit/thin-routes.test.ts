/**
 * Route files (the `*-routes.ts` under src/server/features) are thin: they validate through the
 * contract, call a feature's functions and answer. Building a query is a repository's or a service's
 * job, where it can be reused, tested and read beside the other statements on the same tables; a
 * route that builds one hides SQL where nobody looks for it. Types from the schema and its value
 * lists (`schema-types.ts`) are fine: they build nothing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

const features = resolve(import.meta.dirname, '../../src/server/features')

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return routeFiles(path)
    return entry.name.endsWith('-routes.ts') ? [path] : []
  })
}

/** What building or running a query looks like in this code base. */
const queryBuilding: [string, RegExp][] = [
  ['imports drizzle-orm', /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/],
  ['imports tables from the schema', /^import\s+\{[^}]*\}\s+from\s+['"][^'"]*db\/schema(\.ts)?['"]/m],
  ['builds a statement', /\.(select|selectDistinct|insert|update|delete|execute|transaction)\s*\(/],
  ['writes SQL', /\bsql\s*`|\bsql\.raw\s*\(/],
  ['uses the relational query API', /\.query\.\w+\.find(First|Many)\s*\(/],
]

function queryBuildingIn(source: string): string[] {
  return queryBuilding.filter(([, pattern]) => pattern.test(source)).map(([what]) => what)
}

test('no route file builds a query: they call the feature functions that do', () => {
  const files = routeFiles(features)
  expect(files.length).toBeGreaterThan(15)
  const wrong = files.flatMap((file) =>
    queryBuildingIn(readFileSync(file, 'utf8')).map((what) => `${relative(features, file)} ${what}`),
  )
  expect(wrong, "move the query into the feature's *-repository.ts (or a service)").toEqual([])
})

test('the check sees a transaction, a drizzle import and raw SQL, and lets schema types through', () => {
  const route = `import { eq } from 'drizzle-orm'
import { providers } from '#server/db/schema.ts'
const row = await app.db.transaction(async (tx) => tx.update(providers).set({}).where(eq(providers.id, id)))
await app.db.execute(sql\`select 1\`)`
  expect(queryBuildingIn(route)).toEqual([
    'imports drizzle-orm',
    'imports tables from the schema',
    'builds a statement',
    'writes SQL',
  ])
  const thin = `import type { UserRow } from '#server/db/schema.ts'
import { kycStatuses } from '#server/db/schema-types.ts'
const user = await findUserById(app.db, id)`
  expect(queryBuildingIn(thin)).toEqual([])
})
