/**
 * @fastify/multipart with `attachFieldsToBody: true` gives each field as `{ type: 'field', value }` or
 * `{ type: 'file', toBuffer, filename, mimetype }`. Handlers want plain values and the files apart, so
 * this splits a body into both; a JSON body passes through untouched.
 */
import type { RateRule } from '../plugins/rate-limit'

/**
 * Uploads per user, avatars, KYC documents and admin images counted together: 20 per 10 minutes.
 * Each one costs a decode or a PDF parse (tens of MB, up to a second of CPU) and disk space; an honest
 * user retries an avatar or a photo of an ID card a few times, an admin filling the catalogue seldom
 * adds more than a logo or a thumbnail every 30 s, and a script sending them in a loop stops at 20.
 */
export const uploadLimit = { name: 'upload:user', max: 20, windowMs: 10 * 60_000 } satisfies RateRule

export interface UploadedFile {
  buffer: Buffer
  filename: string
  /** What the browser claimed; never trusted on its own (uploads are checked by their content). */
  declaredType: string
}

interface MultipartField {
  type: 'field' | 'file'
  value?: unknown
  filename?: string
  mimetype?: string
  _buf?: Buffer
}

const isMultipartField = (value: unknown): value is MultipartField =>
  typeof value === 'object' &&
  value !== null &&
  'type' in value &&
  ((value as MultipartField).type === 'field' || (value as MultipartField).type === 'file') &&
  'fieldname' in value

export function splitMultipartBody(body: unknown): { fields: unknown; files: Record<string, UploadedFile> } {
  const files: Record<string, UploadedFile> = {}
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { fields: body, files }
  const entries = Object.entries(body as Record<string, unknown>)
  if (!entries.some(([, value]) => isMultipartField(value))) return { fields: body, files }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    if (key === '_method') continue
    if (!isMultipartField(value)) continue
    if (value.type === 'file') {
      files[key] = {
        buffer: value._buf ?? Buffer.alloc(0),
        filename: value.filename ?? '',
        declaredType: value.mimetype ?? 'application/octet-stream',
      }
    } else {
      fields[key] = value.value
    }
  }
  return { fields, files }
}
