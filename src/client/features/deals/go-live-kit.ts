/**
 * The go-live kit's texts: what a streamer pastes into their chat bots before a
 * stream. Pure functions of the mission, the tracked link and the active language, so the tools page
 * and the tests build the same lines.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Nightbot refuses a command response longer than this (its documented limit). */
export const NIGHTBOT_RESPONSE_LIMIT = 400
/** Twitch drops a chat message longer than this: the add-command line is typed into the chat. */
export const TWITCH_MESSAGE_LIMIT = 500
/** 20 characters: a command viewers type from memory stays short; longer mission codes lose words. */
const COMMAND_NAME_LIMIT = 20

export interface GoLiveKitSource {
  readonly missionCode: string
  /** Already in the user's language (the server localizes missions). */
  readonly missionTitle: string
  readonly trackedLink: string
}

export interface GoLiveKit {
  /** `!starfall-wishlist`: what viewers type. */
  readonly command: string
  /** The sponsorship disclosure advertising rules ask for, in the user's language (#ad…). */
  readonly disclosure: string
  /** What the bot answers: disclosure, short pitch and the tracked link, at most Nightbot's 400 characters. */
  readonly chatMessage: string
  /** Typed once in the chat with Nightbot present: `!addcom !starfall-wishlist …`. */
  readonly nightbotLine: string
  /** The same for StreamElements: `!command add !starfall-wishlist …`. */
  readonly streamElementsLine: string
  readonly trackedLink: string
}

const disclosureMessage = msg({
  message: '#ad',
  comment:
    'Sponsorship disclosure hashtag put before a sponsored link in a stream chat, as advertising rules ask (fr: #sponsorisé, es: #publicidad)',
})

/**
 * A chat command name from the mission's code (`starfall-wishlist` → `starfall-wishlist`,
 * `armored-front-tournament` → `armored-front`): lower case letters, digits and hyphens, whole words
 * up to 20 characters. The title is the fallback for a code with nothing usable.
 */
export function chatCommandName(missionCode: string, missionTitle = ''): string {
  for (const source of [missionCode, missionTitle]) {
    const words = source
      .normalize('NFKD')
      // Accents apart from their letters (é → e + ´), then dropped: Séville → seville.
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
    let name = ''
    for (const word of words) {
      const next = name ? `${name}-${word}` : word
      if (next.length > COMMAND_NAME_LIMIT) break
      name = next
    }
    // A first word longer than the limit is cut rather than lost.
    if (!name && words[0]) name = words[0].slice(0, COMMAND_NAME_LIMIT)
    if (name) return `!${name}`
  }
  return '!deal'
}

/**
 * One line, without the bots' variable syntax: a chat message cannot hold a line break, and `$(…)`
 * (Nightbot) or `${…}` (StreamElements) in a title would run as a variable instead of showing.
 */
function chatSafe(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\$(?=[({])/g, '$ ')
    .trim()
}

function sponsorshipDisclosure(i18n: I18n): string {
  return i18n._(disclosureMessage)
}

export function buildGoLiveKit(i18n: I18n, source: GoLiveKitSource): GoLiveKit {
  const disclosure = sponsorshipDisclosure(i18n)
  const command = chatCommandName(source.missionCode, source.missionTitle)
  const link = source.trackedLink
  const message = (pitch: string) =>
    i18n._(
      msg({
        message: `${disclosure} ${pitch}: ${link}`,
        comment: 'A stream chat bot answer: sponsorship hashtag, the mission title, then the tracked link',
      }),
    )
  const fullTitle = chatSafe(source.missionTitle)
  let chatMessage = message(fullTitle)
  // Too long for Nightbot: the pitch gives way (never the disclosure or the link), ending in an ellipsis.
  const overflow = chatMessage.length - NIGHTBOT_RESPONSE_LIMIT
  if (overflow > 0) {
    const kept = Math.max(0, fullTitle.length - overflow - 1)
    chatMessage = message(`${fullTitle.slice(0, kept).trimEnd()}…`)
  }
  return {
    command,
    disclosure,
    chatMessage,
    nightbotLine: `!addcom ${command} ${chatMessage}`,
    streamElementsLine: `!command add ${command} ${chatMessage}`,
    trackedLink: link,
  }
}

/** Everything in one paste, labelled, for the notes a streamer keeps beside OBS. */
export function goLiveKitText(i18n: I18n, kit: GoLiveKit): string {
  const line = (label: string, value: string) =>
    i18n._(
      msg({
        message: `${label}: ${value}`,
        comment: 'One line of the copied go-live kit: its name, then its text',
      }),
    )
  return [
    line(i18n._(msg`Tracked link`), kit.trackedLink),
    line(i18n._(msg`Disclosure`), kit.disclosure),
    line(i18n._(msg`Chat command`), kit.command),
    line(i18n._(msg`Chat message`), kit.chatMessage),
    line('Nightbot', kit.nightbotLine),
    line('StreamElements', kit.streamElementsLine),
  ].join('\n')
}
