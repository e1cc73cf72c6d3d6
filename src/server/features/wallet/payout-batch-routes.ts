import type { FastifyInstance } from 'fastify'
import { ApiError } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { settlePayout } from './admin-wallet-repository'
import { createBatch, findBatch, lineView, listBatches } from './payout-batches-repository'
import { sendPayoutOutcomeMail } from './payout-mails'
import { sepaCreditTransfer } from './sepa-file'
import { emitWalletUpdated } from './wallet-service'

/**
 * The payout rail: pending payouts go into a batch, the batch downloads as a SEPA credit-transfer file
 * for the bank, then each line is marked paid or failed as the bank reports it. Marking a line is the
 * same guarded settlement as a single payout (pending only, once), plus a mail to the streamer.
 */
export async function payoutBatchRoutes(app: FastifyInstance) {
  registerRoute(app, 'adminPayoutBatches', async () => {
    const items = await listBatches(app.db)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminPayoutBatchCreate', async ({ body, session }) =>
    createBatch(app.db, {
      payoutIds: body.payoutIds,
      actorId: session?.user.id ?? null,
    }),
  )

  registerRoute(app, 'adminPayoutBatchFile', async ({ params, reply }) => {
    const debtor = app.config.sepaDebtor
    if (!debtor) {
      throw new ApiError(
        503,
        'UNAVAILABLE',
        'Payout files are off: set SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC',
      )
    }
    const { batch, lines } = await findBatch(app.db, params.id)
    const xml = sepaCreditTransfer({
      messageId: batch.messageId,
      createdAt: batch.createdAt,
      debtor,
      lines,
    })
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${batch.messageId}.xml"`)
      .send(xml)
  })

  registerRoute(app, 'adminPayoutBatchLine', async ({ params, body, session }) => {
    const { lines } = await findBatch(app.db, params.id)
    const { payout, userId } = await settlePayout(app.db, {
      id: params.payoutId,
      batchId: params.id,
      body: {
        status: body.status,
        ...(body.reason ? { reason: body.reason } : {}),
      },
      actorId: session?.user.id ?? null,
    })
    await emitWalletUpdated(app, userId)
    const line = lines.find((entry) => entry.payoutId === payout.id)
    if (!line) throw new Error('a settled line is missing from its batch')
    try {
      await sendPayoutOutcomeMail(app.mailer, line, {
        status: body.status,
        amountCents: payout.amountCents,
        reason: body.reason?.trim() || null,
        link: new URL('/dashboard/deal/payment', app.config.publicUrl).href,
      })
    } catch (error) {
      app.log.error({ err: error, payout: payout.id }, 'payout outcome mail failed')
    }
    return lineView({ ...line, status: payout.status })
  })
}
