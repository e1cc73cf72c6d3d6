import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { fieldInvalid } from '#server/http/api-error.ts'
import { type UploadedFile, uploadLimit } from '#server/http/multipart.ts'
import { PIXEL_LIMITS, refuseOversizedImage } from '#server/lib/image-limits.ts'
import { uploadsDir } from '#server/plugins/client-app.ts'
import type { MediaObject } from '#shared/contract/common.ts'

// 5 MB: a mission thumbnail or brand logo never needs more; larger files are refused before decoding.
const MAX_IMAGE_BYTES = 5 * 1024 * 1024
// 1280 px wide: twice the largest card width, sharp on high-density screens.
const MAX_WIDTH = 1280
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])

/**
 * Stores a public image (mission thumbnail, provider logo) under the public uploads folder. The type
 * is decided by the bytes, and the image is re-encoded to WebP so metadata and any smuggled payload
 * are gone; the name is made here, never taken from the client.
 */
async function storePublicImage(
  uploadsRoot: string,
  folder: 'missions' | 'providers',
  field: string,
  file: UploadedFile,
): Promise<MediaObject> {
  if (file.buffer.length === 0) throw fieldInvalid(field, 'validation.required')
  if (file.buffer.length > MAX_IMAGE_BYTES) throw fieldInvalid(field, 'validation.size')
  const detected = await fileTypeFromBuffer(file.buffer)
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw fieldInvalid(field, 'validation.image')
  await refuseOversizedImage(file.buffer, PIXEL_LIMITS.publicImage, field)
  let output: Buffer
  try {
    output = await sharp(file.buffer, { limitInputPixels: PIXEL_LIMITS.publicImage })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp()
      .toBuffer()
  } catch {
    throw fieldInvalid(field, 'validation.image')
  }
  const reference = `${randomUUID()}.webp`
  await mkdir(join(uploadsRoot, folder), { recursive: true })
  await writeFile(join(uploadsRoot, folder, reference), output)
  return { path: `${folder}/`, reference }
}

/**
 * A form's optional image (a provider logo, a mission thumbnail), counted against the uploader's
 * upload limit, then stored as above; undefined when the form sent none. Admin and brand forms alike.
 */
export async function uploadedImage(
  app: FastifyInstance,
  image: { folder: 'missions' | 'providers'; field: string; file: UploadedFile | undefined },
  uploaderId: string | null,
): Promise<MediaObject | undefined> {
  if (!image.file) return undefined
  // These routes always have a session; a missing one would share a single counter, never skip it.
  await app.rateLimiter.consume(uploadLimit, uploaderId ?? 'no-session')
  return storePublicImage(uploadsDir(app.config), image.folder, image.field, image.file)
}
