import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every module specifier a file imports (static, type-only and dynamic alike). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
  return specifiers.map((match) => match[1] ?? '')
}

// STYLE.md "One feature, one loop": infrastructure offers registries, features register into them
// from the composition root (app-features.ts); an arrow from lib/ into a feature is a design smell.
test('client infrastructure (lib/) imports no feature', () => {
  const arrows = sourcesUnder(resolve(root, 'src/client/lib')).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => /(^|\/)features\//.test(specifier))
      .map((specifier) => `${relative(root, file)} -> ${specifier}`),
  )
  expect(arrows).toEqual([])
})

test('the check above sees a feature import when there is one', () => {
  const arrows = importsOf(resolve(root, 'src/client/app-features.ts')).filter((specifier) =>
    /(^|\/)features\//.test(specifier),
  )
  expect(arrows.length).toBeGreaterThan(0)
})
