import type { FastifyInstance } from 'fastify'
import { rooms } from '#server/plugins/socket.ts'
import type { WidgetProgress } from '#shared/contract/deals.ts'
import { emitWalletUpdated } from '../wallet/wallet-serializer'
import type { DealChange } from './deal-steps'
import { findDealById, type LoadedDeal, toDealEvent } from './deals-repository'

export const widgetProgressOf = (loaded: LoadedDeal): WidgetProgress => ({
  token: loaded.row.widgetToken,
  progress: loaded.row.progress,
  goal: loaded.mission.goal,
  state: loaded.row.state,
})

/**
 * Pushes a committed change: the deal and its new events to the owner's sockets, the wallet when its
 * balance moved, and the progress to the deal's widget room. Runs after the commit, so a failure here
 * is logged and never undoes (nor fails) the request that made the change.
 */
export async function publishDealChange(app: FastifyInstance, change: DealChange): Promise<void> {
  try {
    const first = await findDealById(app.db, change.dealId)
    if (!first) return
    const loaded =
      first.ownerLocale === 'en'
        ? first
        : ((await findDealById(app.db, change.dealId, first.ownerLocale)) ?? first)
    const owner = app.io.to(rooms.user(loaded.ownerId))
    owner.emit('deal:updated', loaded.deal)
    for (const event of change.events)
      owner.emit('deal:event', { dealCode: loaded.deal.code, event: toDealEvent(event) })
    // Only a created wallet has a contract view; earnings before that wait in the wallet row.
    if (change.walletChanged) await emitWalletUpdated(app, loaded.ownerId)
    app.io.to(rooms.widget(loaded.row.widgetToken)).emit('widget:progress', widgetProgressOf(loaded))
  } catch (error) {
    app.log.error({ err: error, dealId: change.dealId }, 'publishing a deal change failed')
  }
}
