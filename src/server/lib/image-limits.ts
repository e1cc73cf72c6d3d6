/**
 * Pixel limits for every image people send (avatars, mission thumbnails and brand logos, KYC photos).
 * A PNG of a few hundred KB can declare 6000 × 6000 pixels, 144 MB once decoded: the size in bytes
 * says nothing about what a decode costs. So the header is read first (sharp's `metadata()` parses it
 * without decoding a pixel) and an image above its limit is refused with a clear form error; the
 * decode that follows gets the same limit (`limitInputPixels`) as a backstop.
 */
import sharp from 'sharp'
import { formError } from '#shared/contract/form-error-tree.ts'
import { formInvalid } from '../http/api-error'

export const PIXEL_LIMITS = {
  // 4096 × 4096 (16.8 MP): a 12-megapixel phone photo (4032 × 3024) fits. An avatar is stored at
  // 512 px and anyone may send one, so a larger picture would cost memory and give nothing back.
  avatar: 4096 * 4096,
  // 25 MP: a 24-megapixel camera photo (6000 × 4000) from a brand's press kit fits as it is; only
  // admins send these, and a rate-limited admin is not the crowd the avatar limit guards against.
  publicImage: 25_000_000,
  // 25 MP: a 24-megapixel photo of an ID card, or an A4 page scanned at 400 dpi (3307 × 4677, 15.5 MP),
  // keeps every line legible for the reviewer; a 6000 × 6000 image (36 MP) does not fit.
  kyc: 25_000_000,
} as const

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10

/**
 * Refuses, before any pixel is decoded, an image whose header declares more than `maxPixels`: a 400
 * with `image.too_large` on `field`. A header sharp cannot read is let through: the decode that
 * follows fails on it with the caller's own "not an image" error.
 */
export async function refuseOversizedImage(buffer: Buffer, maxPixels: number, field: string): Promise<void> {
  // No pixel limit on this read: it only parses the header, and sharp's default limit would turn a
  // 50000 × 50000 header into an "unreadable" error instead of this clear one.
  const header = await sharp(buffer, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  if (!header) return
  const { width = 0, height = 0 } = header
  const pixels = width * height
  if (pixels <= maxPixels) return
  throw formInvalid(
    formError(field, 'image.too_large'),
    `The image has ${megapixels(pixels)} megapixels (${width} × ${height}); at most ${megapixels(maxPixels)} are accepted`,
  )
}
