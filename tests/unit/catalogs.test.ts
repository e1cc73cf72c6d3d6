/**
 * The translation catalogues stay entry-aligned: each text's translation sits under its own msgid.
 * Hunks of .po files staged side by side once dropped a msgstr line, and every translation below it
 * moved up one entry ("Disclosure" read "Document verified.") while every check still passed; the
 * English catalogue makes that visible, since each of its entries is empty or its own msgid.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const locales = join(import.meta.dirname, '../../src/client/locales')

interface Entry {
  msgid: string
  msgstr: string
}

/** The catalogue's entries, each block's one msgid and one msgstr (multi-line strings joined). */
function entries(locale: string): Array<Entry | string> {
  const text = readFileSync(join(locales, locale, 'messages.po'), 'utf8')
  return text.split(/\n\n+/).flatMap((block): Array<Entry | string> => {
    const ids = [...block.matchAll(/^msgid ((?:".*"\n?)+)/gm)].map((match) => match[1] ?? '')
    const strs = [...block.matchAll(/^msgstr ((?:".*"\n?)+)/gm)].map((match) => match[1] ?? '')
    if (ids.length === 0 && strs.length === 0) return []
    if (ids.length !== 1 || strs.length !== 1) return [block]
    const join = (quoted: string): string =>
      (JSON.parse(`[${quoted.trim().split('\n').join(',')}]`) as string[]).join('')
    return [{ msgid: join(ids[0] as string), msgstr: join(strs[0] as string) }]
  })
}

test.each(['en', 'fr', 'es'])('every entry of the %s catalogue has one msgid and one msgstr', (locale) => {
  const broken = entries(locale).filter((entry) => typeof entry === 'string')
  expect(broken).toEqual([])
})

// Texts with an explicit id (`registration_error`) carry their English in msgstr; the header has no msgid.
const explicitId = /^[a-z0-9_.]*$/

test('each English entry is empty or its own text: no translation moved to a neighbour', () => {
  const moved = entries('en').filter(
    (entry): entry is Entry =>
      typeof entry !== 'string' &&
      !explicitId.test(entry.msgid) &&
      entry.msgstr !== '' &&
      entry.msgstr !== entry.msgid,
  )
  expect(moved.map(({ msgid, msgstr }) => `${msgid} → ${msgstr}`)).toEqual([])
})
