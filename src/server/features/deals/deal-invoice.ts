/** A deal's earnings statement: its credited rewards, rendered as a PDF. */
import type { Executor } from '#server/db/client.ts'
import { localized } from '#server/http/locale.ts'
import { type LoadedDeal, listCreditedEvents } from './deals-repository'
import { renderInvoicePdf } from './invoice-pdf'

export async function dealInvoicePdf(db: Executor, loaded: LoadedDeal): Promise<Uint8Array> {
  const credited = await listCreditedEvents(db, loaded.row.id)
  const label = loaded.mission.rewardModel === 'cpc' ? 'Valid click reward' : 'Goal reward'
  return renderInvoicePdf({
    dealCode: loaded.row.code,
    missionTitle: localized(loaded.mission.title, 'en'),
    providerName: loaded.provider.name,
    username: loaded.ownerUsername,
    state: loaded.row.state,
    progress: loaded.row.progress,
    goal: loaded.mission.goal,
    createdAt: loaded.row.createdAt,
    finishedAt: loaded.row.finishedAt ?? loaded.row.stoppedAt,
    issuedAt: new Date(),
    lines: credited.map((event) => ({ date: event.createdAt, label, amountCents: event.amountCents ?? 0 })),
  })
}
