/**
 * What follows a committed deal change: the deal is read ONCE, and that one read feeds both the HTTP
 * answer (the caller's locale) and the socket pushes (the owner's locale, the widget's progress).
 */
import type { FastifyInstance } from 'fastify'
import { emitWalletUpdated } from '#server/features/wallet/wallet-service.ts'
import { notFound } from '#server/http/api-error.ts'
import { rooms } from '#server/plugins/socket.ts'
import type { WidgetProgress } from '#shared/contract/deals.ts'
import type { DealChange } from './deal-steps'
import { dealView, findDealById, findDealsByIds, type LoadedDeal, toDealEvent } from './deals-repository'

/**
 * Told of every committed deal change once it is pushed (the brand portal follows its missions'
 * spend with it). Registered on the root instance (app.ts decorates the list), so features
 * hear the deals feature without it knowing them. A listener handles its own failures.
 */
export type DealSettledListener = (loaded: LoadedDeal, change: DealChange) => void

declare module 'fastify' {
  interface FastifyInstance {
    dealSettledListeners: DealSettledListener[]
  }
}

const widgetProgressOf = (loaded: LoadedDeal): WidgetProgress => ({
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
async function publish(app: FastifyInstance, loaded: LoadedDeal, change: DealChange): Promise<void> {
  try {
    const owner = app.io.to(rooms.user(loaded.ownerId))
    owner.emit('deal:updated', dealView(loaded, loaded.ownerLocale))
    for (const event of change.events)
      owner.emit('deal:event', { dealCode: loaded.row.code, event: toDealEvent(event) })
    // Only a created wallet has a contract view; earnings before that wait in the wallet row.
    if (change.walletChanged) await emitWalletUpdated(app, loaded.ownerId)
    app.io.to(rooms.widget(loaded.row.widgetToken)).emit('widget:progress', widgetProgressOf(loaded))
    for (const listener of app.dealSettledListeners) listener(loaded, change)
  } catch (error) {
    app.log.error({ err: error, dealId: change.dealId }, 'publishing a deal change failed')
  }
}

/** The deal after a committed change, read once: pushed to its watchers, and returned for the answer. */
export async function settleDealChange(app: FastifyInstance, change: DealChange): Promise<LoadedDeal> {
  const loaded = await findDealById(app.db, change.dealId)
  if (!loaded) throw notFound('This deal does not exist')
  await publish(app, loaded, change)
  return loaded
}

/** Pushes the changes of a settled batch of clicks: its deals read in one statement, then each pushed. */
export async function announceDealChanges(app: FastifyInstance, changes: DealChange[]): Promise<void> {
  if (changes.length === 0) return
  try {
    const deals = await findDealsByIds(
      app.db,
      changes.map((change) => change.dealId),
    )
    const loaded = new Map(deals.map((deal) => [deal.row.id, deal]))
    for (const change of changes) {
      const deal = loaded.get(change.dealId)
      if (deal) await publish(app, deal, change)
    }
  } catch (error) {
    app.log.error({ err: error, deals: changes.length }, 'publishing a batch of deal changes failed')
  }
}
