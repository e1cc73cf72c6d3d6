/** Invoice numbers per issuer: assigned once per deal, sequential without gaps (schema.ts, invoices). */
import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type InvoiceRow, invoiceCounters, invoices } from '#server/db/schema.ts'

class AlreadyFiled extends Error {}

/**
 * The deal's invoice: the one filed before, or a new one numbered next for its issuer, its document
 * built once (`build`) and frozen. Two concurrent first downloads file one invoice: the counter row's
 * lock orders them, the second finds the deal filed (the unique deal) and rolls back its bump, so no
 * number is skipped or given twice.
 */
export async function fileInvoice(
  db: Executor,
  issuerId: string,
  dealId: string,
  build: (number: number, issuedAt: Date) => Record<string, unknown>,
): Promise<InvoiceRow> {
  const filed = async () => (await db.select().from(invoices).where(eq(invoices.dealId, dealId)).limit(1))[0]
  const existing = await filed()
  if (existing) return existing
  try {
    return await db.transaction(async (tx) => {
      const [counter] = await tx
        .insert(invoiceCounters)
        .values({ issuerId, lastNumber: 1 })
        .onConflictDoUpdate({
          target: invoiceCounters.issuerId,
          set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
        })
        .returning({ number: invoiceCounters.lastNumber })
      const number = counter?.number ?? 1
      const issuedAt = new Date()
      const [row] = await tx
        .insert(invoices)
        .values({ issuerId, dealId, number, issuedAt, document: build(number, issuedAt) })
        .onConflictDoNothing({ target: invoices.dealId })
        .returning()
      // Filed meanwhile by a concurrent request: undo this bump, read that invoice.
      if (!row) throw new AlreadyFiled()
      return row
    })
  } catch (error) {
    if (!(error instanceof AlreadyFiled)) throw error
    const row = await filed()
    if (!row) throw error
    return row
  }
}
