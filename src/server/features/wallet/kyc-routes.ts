import type { FastifyInstance } from 'fastify'
import { conflict } from '#server/http/api-error.ts'
import { uploadLimit } from '#server/http/multipart.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import {
  countPendingDocuments,
  findKycDocument,
  kycDocumentView,
  listKycDocuments,
  recordKycDocument,
} from './kyc-repository'
import { checkKycDocument, readKycFile, removeKycFile, storeKycFile } from './kyc-storage'
import { findOwner, requireCreatedWallet } from './wallet-repository'
import { emitWalletUpdated } from './wallet-service'

/** 10 documents awaiting review per wallet: enough for any honest retry, a cap on filling the disk. */
const MAX_PENDING_DOCUMENTS = 10

/** Certification documents: upload (checked by content, stored privately), list, and owner-only download. */
export async function kycRoutes(app: FastifyInstance) {
  registerRoute(app, 'walletKyc', async ({ params, body, files, session }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    // Counted for whoever sends the file (an admin uploading for someone spends their own allowance).
    await app.rateLimiter.consume(uploadLimit, session?.user.id ?? owner.id)
    const document = await checkKycDocument(files.document)
    if ((await countPendingDocuments(app.db, wallet.id)) >= MAX_PENDING_DOCUMENTS) {
      throw conflict(
        'Too many documents are waiting for review',
        formError('document', 'kyc.too_many_pending'),
      )
    }
    const storedName = await storeKycFile(app.config.dataDir, document)
    try {
      const row = await recordKycDocument(app.db, {
        walletId: wallet.id,
        kind: body.kind,
        storedName,
        mimeType: document.mimeType,
        sizeBytes: document.buffer.length,
      })
      await emitWalletUpdated(app, owner.id)
      return kycDocumentView(row)
    } catch (error) {
      // No row points at the file: remove it rather than keep an orphan identity document.
      await removeKycFile(app.config.dataDir, storedName)
      throw error
    }
  })

  registerRoute(app, 'walletKycDocuments', async ({ params }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    return { items: (await listKycDocuments(app.db, wallet.id)).map(kycDocumentView) }
  })

  registerRoute(app, 'walletKycDocument', async ({ params, reply }) => {
    const owner = await findOwner(app.db, params.username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    const row = await findKycDocument(app.db, wallet.id, params.documentId)
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
