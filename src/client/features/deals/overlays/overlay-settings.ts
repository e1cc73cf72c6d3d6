/**
 * What an overlay URL says about its look: the browser source's address fixes its language, theme and
 * (for alerts) duration and sound, so the overlay never changes because its owner's account or the OBS
 * browser changed language. Pure: the overlay page parses with it, the tools page builds URLs with it.
 */
import type { Locale } from '#shared/contract/common.ts'

export const OVERLAY_KINDS = ['goal', 'alert', 'cta', 'qr'] as const
export type OverlayKind = (typeof OVERLAY_KINDS)[number]

/** `brand`: the mission's partner theme; `light` and `dark`: plain ones that suit any game. */
const OVERLAY_THEMES = ['brand', 'light', 'dark'] as const
export type OverlayTheme = (typeof OVERLAY_THEMES)[number]

const OVERLAY_LOCALES: readonly Locale[] = ['en', 'fr', 'es']

/** The browser-source sizes the tools page recommends (what OBS users type in the source's properties). */
export const OVERLAY_SIZES: Record<OverlayKind, { width: number; height: number }> = {
  goal: { width: 800, height: 120 },
  alert: { width: 800, height: 240 },
  cta: { width: 800, height: 120 },
  qr: { width: 300, height: 300 },
}

export interface OverlaySettings {
  readonly token: string
  /** Null on URLs copied before overlays carried a language: the server's answer (the owner's) is used. */
  readonly lang: Locale | null
  readonly theme: OverlayTheme
  /** Seconds an alert stays on screen when nothing waits behind it. */
  readonly duration: number
  readonly sound: boolean
  /** 0 to 100. */
  readonly volume: number
}

export const ALERT_DURATION = { min: 2, max: 20, fallback: 5 } as const
const DEFAULT_VOLUME = 50

export const isOverlayKind = (value: unknown): value is OverlayKind =>
  typeof value === 'string' && (OVERLAY_KINDS as readonly string[]).includes(value)

// The router parses `?volume=60` to a number and `?lang=fr` to a string: both arrive here.
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

function bounded(value: unknown, min: number, max: number, fallback: number): number {
  const number = Number.parseFloat(text(value))
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.round(number))) : fallback
}

export function parseOverlaySettings(search: Record<string, unknown>): OverlaySettings {
  const lang = text(search.lang)
  const theme = text(search.theme)
  return {
    token: text(search.token),
    lang: (OVERLAY_LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : null,
    theme: (OVERLAY_THEMES as readonly string[]).includes(theme) ? (theme as OverlayTheme) : 'brand',
    duration: bounded(search.duration, ALERT_DURATION.min, ALERT_DURATION.max, ALERT_DURATION.fallback),
    sound: !['off', 'false', '0'].includes(text(search.sound)),
    volume: bounded(search.volume, 0, 100, DEFAULT_VOLUME),
  }
}

/** The URL to paste into a browser source: always with its language, and alert settings for alerts. */
export function overlayUrl(
  origin: string,
  kind: OverlayKind,
  settings: OverlaySettings & { lang: Locale },
): string {
  const query = new URLSearchParams({ token: settings.token, lang: settings.lang, theme: settings.theme })
  if (kind === 'alert') {
    query.set('duration', String(settings.duration))
    query.set('sound', settings.sound ? 'on' : 'off')
    query.set('volume', String(settings.volume))
  }
  return `${origin}/widgets/${kind}?${query.toString()}`
}
