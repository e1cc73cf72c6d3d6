import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { formInvalid } from '#server/http/api-error.ts'
import type { UploadedFile } from '#server/http/multipart.ts'
import { PIXEL_LIMITS, refuseOversizedImage } from '#server/lib/image-limits.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import { isKycMimeType, KYC_MAX_BYTES, type KycMimeType } from '#shared/kyc-rules.ts'
import { checkKycPdf, PdfRefused } from './kyc-pdf'

/**
 * Private storage of certification documents under DATA_DIR/kyc: never under the public uploads
 * folder, names made here (the client's file name is never used, so `../x` or `a.php` mean nothing),
 * files readable by this process's user only. They are served through the owner-checked API route.
 */
const kycDirectory = (dataDir: string) => join(dataDir, 'kyc')

export interface CheckedDocument {
  buffer: Buffer
  mimeType: KycMimeType
  extension: string
}

const EXTENSIONS: Record<KycMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

// JPEG quality 90: a re-encoded ID photo stays legible for a reviewer at a fraction of the size.
const JPEG_QUALITY = 90

const refuse = (key: string, message: string) => formInvalid(formError('document', key), message)

/**
 * Decides what an upload is by its bytes (`file-type`), never by its name or declared type, and
 * rewrites images through sharp so EXIF and other metadata (GPS position, camera serial) are gone.
 */
export async function checkKycDocument(file: UploadedFile | undefined): Promise<CheckedDocument> {
  if (!file || file.buffer.length === 0) throw refuse('validation.required', 'A document file is required')
  if (file.buffer.length > KYC_MAX_BYTES) {
    throw refuse('kyc.too_large', `The document is larger than ${KYC_MAX_BYTES / 1024 / 1024} MB`)
  }
  const detected = await fileTypeFromBuffer(file.buffer)
  if (!detected || !isKycMimeType(detected.mime)) {
    throw refuse('kyc.unsupported_type', 'The document must be a JPEG, PNG or WebP image or a PDF file')
  }
  const mimeType = detected.mime
  const extension = EXTENSIONS[mimeType]
  if (mimeType === 'application/pdf') return { buffer: await checkPdf(file.buffer), mimeType, extension }
  await refuseOversizedImage(file.buffer, PIXEL_LIMITS.kyc, 'document')
  try {
    // rotate() first applies the EXIF orientation, so stripping the metadata keeps the photo upright.
    const image = sharp(file.buffer, { limitInputPixels: PIXEL_LIMITS.kyc, failOn: 'error' }).rotate()
    const encoded =
      mimeType === 'image/jpeg'
        ? image.jpeg({ quality: JPEG_QUALITY })
        : mimeType === 'image/png'
          ? image.png()
          : image.webp({ quality: JPEG_QUALITY })
    return { buffer: await encoded.toBuffer(), mimeType, extension }
  } catch {
    throw refuse('kyc.unreadable', 'The image could not be read; take a new photo or scan and try again')
  }
}

/** The PDF's rebuilt copy, or the form error that tells the user why it was refused. */
async function checkPdf(upload: Buffer): Promise<Buffer> {
  try {
    return await checkKycPdf(upload)
  } catch (error) {
    if (!(error instanceof PdfRefused)) throw error
    throw error.reason === 'active_content'
      ? refuse(
          'kyc.pdf_active_content',
          'PDF files with scripts, attachments or automatic actions are not accepted',
        )
      : refuse(
          'kyc.pdf_unreadable',
          'The PDF could not be read; export it again without a password, or send a photo',
        )
  }
}

/** Writes beside the final name and renames: a crash never leaves half a document under a real name. */
export async function storeKycFile(dataDir: string, document: CheckedDocument): Promise<string> {
  const directory = kycDirectory(dataDir)
  await mkdir(directory, { recursive: true, mode: 0o700 })
  const storedName = `${randomUUID()}.${document.extension}`
  const partial = join(directory, `${storedName}.partial`)
  await writeFile(partial, document.buffer, { mode: 0o600 })
  await rename(partial, join(directory, storedName))
  return storedName
}

const STORED_NAME = /^[0-9a-f-]{36}\.(?:jpg|png|webp|pdf)$/

export async function readKycFile(dataDir: string, storedName: string): Promise<Buffer> {
  // Names come from our own database, but a path is only ever built from a name of our own shape.
  if (!STORED_NAME.test(storedName)) throw new Error(`unexpected stored KYC name ${storedName}`)
  return readFile(join(kycDirectory(dataDir), storedName))
}

export async function removeKycFile(dataDir: string, storedName: string): Promise<void> {
  if (!STORED_NAME.test(storedName)) return
  await rm(join(kycDirectory(dataDir), storedName), { force: true })
}
