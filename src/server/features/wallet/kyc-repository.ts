import { and, count, desc, eq } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import { type KycDocumentRow, kycDocuments } from '#server/db/schema.ts'
import { notFound } from '#server/http/api-error.ts'
import type { KycDocument, KycKind } from '#shared/contract/wallet.ts'
import { refreshCertification } from './wallet-repository'

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

export async function countPendingDocuments(db: Executor, walletId: string): Promise<number> {
  const [pending] = await db
    .select({ total: count() })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.walletId, walletId), eq(kycDocuments.status, 'pending')))
  return pending?.total ?? 0
}

/** Records a stored document and re-derives the wallet's certification from it, in one transaction. */
export function recordKycDocument(
  db: Database,
  input: { walletId: string; kind: KycKind; storedName: string; mimeType: string; sizeBytes: number },
): Promise<KycDocumentRow> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(kycDocuments).values(input).returning()
    if (!inserted) throw new Error('KYC insert returned no row')
    await refreshCertification(tx, input.walletId)
    return inserted
  })
}

/** The wallet's documents, newest first. */
export function listKycDocuments(db: Executor, walletId: string): Promise<KycDocumentRow[]> {
  return db
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.walletId, walletId))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
}

/** One document of the wallet; 404 for another wallet's, as for none. */
export async function findKycDocument(
  db: Executor,
  walletId: string,
  documentId: string,
): Promise<KycDocumentRow> {
  if (!isUuid(documentId)) throw notFound('No such document')
  const [row] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.walletId, walletId), eq(kycDocuments.id, documentId)))
    .limit(1)
  if (!row) throw notFound('No such document')
  return row
}
