/**
 * The brand's owners hear by mail when a credited card top-up is refunded or disputed: the money left
 * (or came back to) a mission's budget without anyone at the brand doing anything, and a mission it
 * paused stays paused until they act. Sent after the change is committed; a failed mail is logged.
 */
import type { FastifyInstance } from 'fastify'
import { sendTakenBackMail } from './brand-mails'
import { findProvider } from './brand-providers-repository'
import { ownerRecipients } from './owner-recipients-service'
import type { TakenBack } from './top-up-reversals-repository'

export async function mailTakenBack(app: FastifyInstance, taken: TakenBack): Promise<void> {
  // A top-up refunded before its payment was credited never was in the budget: nothing to tell.
  if (taken.budgetChange === 0) return
  const provider = await findProvider(app.db, taken.providerId)
  if (!provider) return
  const link = new URL(
    `/dashboard/provider/${provider.slug}/missions/${taken.missionCode}`,
    app.config.publicUrl,
  ).href
  const owners = await ownerRecipients(app.db, taken.providerId)
  for (const owner of owners)
    await sendTakenBackMail(app.mailer, owner, {
      what: taken.what,
      mission: taken.missionTitle,
      amount: taken.amount,
      budget: taken.budget,
      paused: taken.paused,
      link,
    })
}
