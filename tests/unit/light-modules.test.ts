import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

/** Runtime imports (not `import type`) of a module, followed through relative paths. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const match of source.matchAll(/^import\s+(?!type\s)[^'"]*['"]([^'"]+)['"]/gm)) {
    const specifier = match[1] ?? ''
    const path = resolve(dirname(file), specifier)
    if (specifier.startsWith('.')) runtimeImports(path.endsWith('.ts') ? path : `${path}.ts`, seen)
    else seen.add(specifier)
  }
  return seen
}

// arktype (tens of KB) must not reach the first route's JavaScript.
test.each([
  'src/shared/endpoints.ts',
  'src/shared/endpoint-rows.ts',
  'src/shared/format.ts',
  'src/shared/validation-rules.ts',
  'src/shared/integration-links.ts',
  'src/shared/link-rules.ts',
  'src/shared/contract/errors.ts',
  'src/shared/contract/form-error-tree.ts',
  'src/shared/contract/socket.ts',
])('%s does not load arktype at run time', (file) => {
  expect([...runtimeImports(resolve(root, file))]).not.toContain('arktype')
})

test('the contract files do load arktype (the check above can fail)', () => {
  expect([...runtimeImports(resolve(root, 'src/shared/contract/auth.ts'))]).toContain('arktype')
})
