/**
 * Avatar uploads: the file is judged by its bytes (never by its name or declared type), re-encoded
 * so nothing of the original survives (EXIF, GPS, embedded payloads), and stored under a name the
 * server makes up.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { fieldInvalid } from '#server/http/api-error.ts'
import type { UploadedFile } from '#server/http/multipart.ts'
import { PIXEL_LIMITS, refuseOversizedImage } from '#server/lib/image-limits.ts'
import type { MediaObject } from '#shared/contract/common.ts'

// 2 MB: a phone photo fits; the client shows the same limit before sending.
const AVATAR_MAX_BYTES = 2 * 1024 * 1024
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
// 512 px square: sharp on a retina header and a profile page, a few tens of KB as WebP.
const AVATAR_SIZE_PX = 512
const AVATAR_PATH = 'avatars/'

export async function storeAvatar(uploadsDir: string, file: UploadedFile): Promise<MediaObject> {
  if (file.buffer.length === 0) throw fieldInvalid('avatar', 'validation.required')
  if (file.buffer.length > AVATAR_MAX_BYTES) throw fieldInvalid('avatar', 'validation.size')
  const detected = await fileTypeFromBuffer(file.buffer)
  if (!detected || !ACCEPTED.has(detected.mime)) throw fieldInvalid('avatar', 'validation.image')
  await refuseOversizedImage(file.buffer, PIXEL_LIMITS.avatar, 'avatar')
  let output: Buffer
  try {
    output = await sharp(file.buffer, { limitInputPixels: PIXEL_LIMITS.avatar, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    // Right magic bytes, broken body: not an image we can use.
    throw fieldInvalid('avatar', 'validation.image')
  }
  const reference = `${randomUUID()}.webp`
  const folder = join(uploadsDir, AVATAR_PATH)
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, reference), output)
  return { path: AVATAR_PATH, reference }
}

/** Removes a previous avatar; only files we named ourselves, so a stored path can never escape the folder. */
export async function removeAvatar(uploadsDir: string, media: MediaObject | null | undefined) {
  if (!media || media.path !== AVATAR_PATH || !/^[\w-]+\.webp$/.test(media.reference)) return
  await unlink(join(uploadsDir, AVATAR_PATH, media.reference)).catch(() => undefined)
}
