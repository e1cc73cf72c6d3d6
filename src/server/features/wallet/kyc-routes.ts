import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type KycDocumentRow, kycDocuments } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { uploadLimit } from '#server/http/multipart.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { formError } from '#shared/contract/errors.ts'
import { type KycDocument, KycUploadFields } from '#shared/contract/wallet.ts'
import { checkKycDocument, readKycFile, removeKycFile, storeKycFile } from './kyc-storage'
import { findOwner, isUuid, refreshCertification, requireCreatedWallet } from './wallet-repository'
import { emitWalletUpdated } from './wallet-service'

/** 10 documents awaiting review per wallet: enough for any honest retry, a cap on filling the disk. */
const MAX_PENDING_DOCUMENTS = 10

export function kycDocumentView(row: KycDocumentRow): KycDocument {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    mimeType: row.mimeType,
    size: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }
}

/** Certification documents: upload (checked by content, stored privately), list, and owner-only download. */
export async function kycRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    'walletKyc',
    { body: KycUploadFields },
    async ({ params, body, files, session, reply }) => {
      const owner = await findOwner(app.db, params.username)
      const wallet = await requireCreatedWallet(app.db, owner.id)
      // Counted for whoever sends the file (an admin uploading for someone spends their own allowance).
      await app.rateLimiter.consume(uploadLimit, session?.user.id ?? owner.id)
      const document = await checkKycDocument(files.document)
      const [pending] = await app.db
        .select({ total: count() })
        .from(kycDocuments)
        .where(and(eq(kycDocuments.walletId, wallet.id), eq(kycDocuments.status, 'pending')))
      if ((pending?.total ?? 0) >= MAX_PENDING_DOCUMENTS) {
        throw conflict(
          'Too many documents are waiting for review',
          formError('document', 'kyc.too_many_pending'),
        )
      }
      const storedName = await storeKycFile(app.config.dataDir, document)
      try {
        const row = await app.db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(kycDocuments)
            .values({
              walletId: wallet.id,
              kind: body.kind,
              storedName,
              mimeType: document.mimeType,
              sizeBytes: document.buffer.length,
            })
            .returning()
          if (!inserted) throw new Error('KYC insert returned no row')
          await refreshCertification(tx, wallet.id)
          return inserted
        })
        await emitWalletUpdated(app, owner.id)
        reply.code(201)
        return kycDocumentView(row)
      } catch (error) {
        // No row points at the file: remove it rather than keep an orphan identity document.
        await removeKycFile(app.config.dataDir, storedName)
        throw error
      }
    },
  )

  registerEndpoint(app, 'walletKycDocuments', {}, async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    const rows = await app.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.walletId, wallet.id))
      .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
    return { items: rows.map(kycDocumentView) }
  })

  registerEndpoint(app, 'walletKycDocument', {}, async ({ params, reply }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    if (!isUuid(params.documentId)) throw notFound('No such document')
    const [row] = await app.db
      .select()
      .from(kycDocuments)
      .where(and(eq(kycDocuments.walletId, wallet.id), eq(kycDocuments.id, params.documentId)))
      .limit(1)
    if (!row) throw notFound('No such document')
    const file = await readKycFile(app.config.dataDir, row.storedName)
    const extension = row.storedName.split('.').pop() ?? 'bin'
    // Always a download, never rendered by the browser in our origin, and never kept by caches.
    return reply
      .header('content-type', row.mimeType)
      .header('content-disposition', `attachment; filename="${row.kind}-${row.id}.${extension}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file)
  })
}
