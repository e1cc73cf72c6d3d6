import type { CSSProperties } from 'react'
import { avatarUrl } from '#client/lib/media.ts'
import type { MediaObject } from '#shared/contract/common.ts'

/**
 * Backgrounds for initials avatars: each carries white text at 4.5:1 or more (WCAG AA), and they
 * differ enough in hue for neighbours in a list to be told apart.
 */
export const AVATAR_COLOURS = [
  '#6d28d9',
  '#be185d',
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#7e22ce',
  '#a21caf',
] as const

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null

/** The first user-perceived character: a whole emoji or letter with its accents, never half of one. */
const firstGrapheme = (text: string): string => {
  if (segmenter) return segmenter.segment(text)[Symbol.iterator]().next().value?.segment ?? ''
  return Array.from(text)[0] ?? ''
}

/**
 * Up to two initials from a display name or username: "Ana María" and "ana_maria" give "AM", "Zoé"
 * gives "Z". Words that start with a letter or digit win over symbols and emoji; a name made of emoji
 * only keeps its first one whole.
 */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFC')
    // "AnaMaria" reads as two words.
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s._\-@+,]+/u)
    .filter(Boolean)
  const lettered = words.filter((word) => /^[\p{L}\p{N}]/u.test(word))
  const chosen = lettered.length > 0 ? lettered : words
  const first = chosen[0]
  if (!first) return '?'
  const last = chosen.length > 1 ? (chosen[chosen.length - 1] ?? '') : ''
  return `${firstGrapheme(first)}${firstGrapheme(last)}`.toLocaleUpperCase()
}

/** A colour from the palette, the same for the same id on every device (FNV-1a hash of the id). */
export function avatarColour(id: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0]
}

export interface AvatarProps {
  /** The user's id: picks the initials' colour. */
  id: string
  /** The name the initials come from. */
  name: string
  media?: MediaObject | null
  size: number
  /** The accessible name; without it the avatar is decorative (a name is written beside it). */
  label?: string
  className?: string
}

/** A user's picture, or their initials on a colour of their own until they upload one. */
export function Avatar({ id, name, media, size, label, className }: AvatarProps) {
  const classes = ['avatar', className].filter(Boolean).join(' ')
  if (media) {
    return (
      <img
        src={avatarUrl(media)}
        alt={label ?? ''}
        width={size}
        height={size}
        className={classes}
        loading="lazy"
        decoding="async"
      />
    )
  }
  const style: CSSProperties = {
    width: size,
    height: size,
    background: avatarColour(id),
    fontSize: Math.round(size * 0.4),
  }
  return (
    <span
      className={`${classes} avatar-initials`}
      style={style}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="avatar-initials"
    >
      {initialsOf(name)}
    </span>
  )
}
