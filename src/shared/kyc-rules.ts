/**
 * What a certification (KYC) upload may be, shared by the upload form (checked before sending) and
 * the server (which decides by the file's content, never by its name). Pure and dependency-free.
 */

/**
 * 8 MB: a phone photo of an ID card or a scanned PDF fits; the server's whole-request cap (10 MB)
 * stays above it, so an oversized document gets this clear error rather than a bare 413.
 */
export const KYC_MAX_BYTES = 8 * 1024 * 1024

/** JPEG, PNG and WebP photos, or a PDF scan: what ID checks accept, and nothing that can run code. */
export const KYC_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
export type KycMimeType = (typeof KYC_MIME_TYPES)[number]

const KYC_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'pdf'] as const

export const isKycMimeType = (value: string): value is KycMimeType =>
  (KYC_MIME_TYPES as readonly string[]).includes(value)

/** The extension of a file name, lower-cased, or '' when it has none. */
function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name)
  return match?.[1]?.toLowerCase() ?? ''
}

export const hasKycExtension = (name: string) =>
  (KYC_EXTENSIONS as readonly string[]).includes(fileExtension(name))

/** The document a wallet kind needs verified before it can be paid out. */
export const requiredKycKind = (walletKind: 'person' | 'business') =>
  walletKind === 'business' ? 'company_registration' : 'identity'
