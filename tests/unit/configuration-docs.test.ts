/**
 * Every environment variable the server reads is documented where an operator looks: `.env.example`
 * (the file to copy) and the README's Configuration table. A variable added to the config without
 * either fails here, not in a deployment that never heard of it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const serverDir = join(root, 'src/server')

/** Names read as `text(env, 'NAME')`, `number(env, 'NAME', …)` and the like, or `env.NAME`. */
function variablesRead(): string[] {
  const names = new Set<string>()
  for (const file of readdirSync(serverDir).filter((name) => /^config.*\.ts$/.test(name))) {
    const source = readFileSync(join(serverDir, file), 'utf8')
    for (const match of source.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'|\benv\.([A-Z][A-Z0-9_]+)/g))
      names.add(match[1] ?? match[2] ?? '')
  }
  return [...names].sort()
}

const configurationSection = (readme: string) => {
  const start = readme.indexOf('## Configuration')
  return readme.slice(start, readme.indexOf('\n## ', start + 1))
}

test('every variable the server reads is in .env.example and in the README’s Configuration table', () => {
  const read = variablesRead()
  expect(read.length).toBeGreaterThan(30)
  const example = readFileSync(join(root, '.env.example'), 'utf8')
  const table = configurationSection(readFileSync(join(root, 'README.md'), 'utf8'))
  const namedIn = (text: string) => (name: string) => new RegExp(`\\b${name}\\b`).test(text)
  expect(
    read.filter((name) => !namedIn(example)(name)),
    'missing from .env.example',
  ).toEqual([])
  expect(
    read.filter((name) => !namedIn(table)(name)),
    'missing from the README',
  ).toEqual([])
})
