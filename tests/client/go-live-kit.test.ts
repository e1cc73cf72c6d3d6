/**
 * The go-live kit's texts: the chat command from the mission, the disclosure in
 * the user's language, and lines the chat bots accept (Nightbot answers up to 400 characters, Twitch
 * takes chat messages up to 500).
 */
import { i18n } from '@lingui/core'
import { expect, test } from 'vitest'
import {
  buildGoLiveKit,
  chatCommandName,
  goLiveKitText,
  NIGHTBOT_RESPONSE_LIMIT,
  TWITCH_MESSAGE_LIMIT,
} from '#client/features/deals/go-live-kit.ts'
import { activateLocale } from '#client/lib/i18n.ts'

const link = 'https://streamdeals.example/redir/cpc/starfall-wishlist/nova_streamer'
const starfall = { missionCode: 'starfall-wishlist', trackedLink: link }

test('the command comes from the mission code, in whole words of at most 20 characters', () => {
  expect(chatCommandName('starfall')).toBe('!starfall')
  expect(chatCommandName('starfall-wishlist')).toBe('!starfall-wishlist')
  expect(chatCommandName('armored-front-tournament')).toBe('!armored-front')
  expect(chatCommandName('SPIKE_Summer Drop')).toBe('!spike-summer-drop')
  expect(chatCommandName('supercalifragilisticexpialidocious')).toBe('!supercalifragilistic')
})

test('a code with nothing a chat can type falls back to the title, then to !deal', () => {
  expect(chatCommandName('---', 'Été à Séville')).toBe('!ete-a-seville')
  expect(chatCommandName('', '星の旅')).toBe('!deal')
})

test('English: #ad, the mission as the pitch, then the link, with Nightbot and StreamElements lines', async () => {
  await activateLocale('en')
  const kit = buildGoLiveKit(i18n, { ...starfall, missionTitle: 'Wishlist the Starfall expansion' })
  expect(kit.disclosure).toBe('#ad')
  expect(kit.command).toBe('!starfall-wishlist')
  expect(kit.chatMessage).toBe(`#ad Wishlist the Starfall expansion: ${link}`)
  expect(kit.nightbotLine).toBe(`!addcom !starfall-wishlist #ad Wishlist the Starfall expansion: ${link}`)
  expect(kit.streamElementsLine).toBe(
    `!command add !starfall-wishlist #ad Wishlist the Starfall expansion: ${link}`,
  )
})

test('French: #sponsorisé and French punctuation', async () => {
  await activateLocale('fr')
  const kit = buildGoLiveKit(i18n, {
    ...starfall,
    missionTitle: 'Ajoutez l’extension Starfall à votre liste de souhaits',
  })
  expect(kit.disclosure).toBe('#sponsorisé')
  expect(kit.chatMessage).toBe(
    `#sponsorisé Ajoutez l’extension Starfall à votre liste de souhaits\u202f: ${link}`,
  )
  expect(goLiveKitText(i18n, kit)).toContain(`Lien suivi\u202f: ${link}`)
})

test('Spanish: #publicidad', async () => {
  await activateLocale('es')
  const kit = buildGoLiveKit(i18n, {
    ...starfall,
    missionTitle: 'Añade la expansión de Starfall a tu lista de deseos',
  })
  expect(kit.disclosure).toBe('#publicidad')
  expect(kit.chatMessage).toBe(`#publicidad Añade la expansión de Starfall a tu lista de deseos: ${link}`)
  expect(kit.nightbotLine.startsWith('!addcom !starfall-wishlist #publicidad ')).toBe(true)
})

test('a long title is cut to fit Nightbot, keeping the disclosure and the whole link', async () => {
  for (const locale of ['en', 'fr', 'es'] as const) {
    await activateLocale(locale)
    const kit = buildGoLiveKit(i18n, { ...starfall, missionTitle: 'Starfall '.repeat(80) })
    expect(kit.chatMessage.length).toBeLessThanOrEqual(NIGHTBOT_RESPONSE_LIMIT)
    expect(kit.chatMessage.length).toBeGreaterThan(NIGHTBOT_RESPONSE_LIMIT - 5)
    expect(kit.chatMessage.startsWith(`${kit.disclosure} Starfall`)).toBe(true)
    expect(kit.chatMessage.endsWith(link)).toBe(true)
    expect(kit.chatMessage).toContain('…')
    expect(kit.nightbotLine.length).toBeLessThanOrEqual(TWITCH_MESSAGE_LIMIT)
    expect(kit.streamElementsLine.length).toBeLessThanOrEqual(TWITCH_MESSAGE_LIMIT)
  }
})

test('the chat lines stay on one line and never run a bot variable from the title', async () => {
  await activateLocale('en')
  const kit = buildGoLiveKit(i18n, {
    ...starfall,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: StreamElements' variable syntax, on purpose.
    missionTitle: 'Win $(urlfetch https://x.test)\nand ${random}',
  })
  expect(kit.chatMessage).not.toMatch(/\n|\$\(|\$\{/)
  expect(kit.chatMessage).toBe(`#ad Win $ (urlfetch https://x.test) and $ {random}: ${link}`)
})
