import type { MediaObject } from '#shared/contract/common.ts'
import { apiBase } from './http'

const defaultAvatar = '/images/default-avatar.svg'
const defaultMedia = '/images/default-media.svg'

/**
 * The URL of an uploaded file: API host + `/uploads/` + path + reference. A plain string
 * is taken as the path; nothing at all gives the fallback image.
 */
export function mediaUrl(
  media: MediaObject | string | null | undefined,
  fallback: string = defaultMedia,
): string {
  if (!media) return fallback
  const path = typeof media === 'string' ? media : `${media.path}${media.reference}`
  if (!path) return fallback
  return `${apiBase()}/uploads/${path.replace(/^\/+/, '')}`
}

export function avatarUrl(media: MediaObject | string | null | undefined): string {
  return mediaUrl(media, defaultAvatar)
}
