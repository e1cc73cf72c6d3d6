/**
 * Typography of the interface texts: a typographic apostrophe (’) everywhere, in English and French,
 * and French high punctuation (: ; ! ?) after a narrow no-break space, so it never starts a line
 * and reads as French printing does.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const locales = join(import.meta.dirname, '../../src/client/locales')
const NARROW_NBSP = '\u202f'

/** msgid and msgstr of each entry of a catalogue (multi-line strings joined), the header left out. */
function entries(locale: string): Array<{ msgid: string; msgstr: string }> {
  const text = readFileSync(join(locales, locale, 'messages.po'), 'utf8')
  const joined = (quoted: string): string =>
    (JSON.parse(`[${quoted.trim().split('\n').join(',')}]`) as string[]).join('')
  return text.split(/\n\n+/).flatMap((block) => {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block)?.[1]
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block)?.[1]
    if (id === undefined || str === undefined) return []
    const msgid = joined(id)
    return msgid === '' ? [] : [{ msgid, msgstr: joined(str) }]
  })
}

/**
 * High punctuation not preceded by a narrow no-break space. A colon between digits (16:9, 10:30)
 * or before `//` (an address) is not punctuation.
 */
function badSpacing(text: string): string[] {
  return [...text.matchAll(/[:;!?]/g)].flatMap((match) => {
    const at = match.index
    const before = text[at - 1]
    const after = text.slice(at + 1, at + 3)
    if (match[0] === ':' && ((/\d/.test(before ?? '') && /^\d/.test(after)) || after === '//')) return []
    return before === NARROW_NBSP ? [] : [text.slice(Math.max(0, at - 15), at + 1)]
  })
}

test('French texts put a narrow no-break space before : ; ! and ?', () => {
  const bad = entries('fr').flatMap(({ msgstr }) => badSpacing(msgstr))
  expect(bad).toEqual([])
})

test('the spacing rule catches the usual slips', () => {
  expect(badSpacing('Déjà un compte ? Connectez-vous')).toEqual(['Déjà un compte ?'])
  expect(badSpacing('Disponible\u00a0: 5')).toEqual(['Disponible\u00a0:'])
  expect(badSpacing('Merci!')).toEqual(['Merci!'])
  expect(badSpacing(`Vignette (16:9), voir https://example.test${NARROW_NBSP};`)).toEqual([])
})

/** Guillemets without a narrow no-break space inside them: « must not end a line, nor » start one. */
const looseGuillemets = (text: string): string[] =>
  [...text.matchAll(/«(?!\u202f)|(?<!\u202f)»/g)].map((match) =>
    text.slice(Math.max(0, match.index - 10), match.index + 10),
  )

test('French guillemets hold their words with a narrow no-break space', () => {
  const loose = entries('fr').flatMap(({ msgstr }) => looseGuillemets(msgstr))
  expect(loose).toEqual([])
  expect(looseGuillemets('« Nova » est en pause')).toHaveLength(2)
  expect(looseGuillemets(`«${NARROW_NBSP}Nova${NARROW_NBSP}» est en pause`)).toEqual([])
})

test('French texts use the typographic apostrophe', () => {
  const straight = entries('fr')
    .filter(({ msgstr }) => msgstr.includes("'"))
    .map(({ msgstr }) => msgstr)
  expect(straight).toEqual([])
})

test('English texts use the typographic apostrophe', () => {
  const straight = entries('en')
    .map(({ msgid }) => msgid)
    .filter((msgid) => msgid.includes("'"))
  expect(straight).toEqual([])
})
