/**
 * The wallet's public face for live updates (other features import only this file): what a user's
 * `wallet:updated` socket event carries, and the push itself after a committed change; and the removal
 * of a certification document's file (an account's deletion erases them).
 */
import type { FastifyInstance } from 'fastify'
import type { Executor } from '#server/db/client.ts'
import { rooms } from '#server/plugins/socket.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import { buildWallet } from './wallet-serializer'

export { removeKycFile } from './kyc-storage'

/**
 * The payload of a user's `wallet:updated` event: their whole contract Wallet, or null while they
 * have not created it (earnings may wait in the wallet row before that; nothing is pushed then).
 */
function walletPushFor(db: Executor, userId: string): Promise<Wallet | null> {
  return buildWallet(db, userId)
}

interface PushState {
  running: Promise<void>
  again: boolean
}

// Per socket.io server: every instance of the app (a feature's own context, the root) shares its pushes.
const pushesByServer = new WeakMap<object, Map<string, PushState>>()

const hasLocalSockets = (app: FastifyInstance, userId: string) =>
  (app.io.of('/').adapter.rooms.get(rooms.user(userId))?.size ?? 0) > 0

async function pushToLocalSockets(app: FastifyInstance, userId: string): Promise<void> {
  if (!hasLocalSockets(app, userId)) return
  try {
    const wallet = await walletPushFor(app.db, userId)
    if (wallet) app.io.local.to(rooms.user(userId)).emit('wallet:updated', wallet)
  } catch (error) {
    app.log.warn({ err: error, userId }, 'could not push wallet:updated')
  }
}

/**
 * This node's push of a user's wallet to its own sockets of that user. The wallet is read only where
 * somebody looks at it: a raid credits forty streamers several times a second, most with no page open.
 * Changes arriving while a push is being read make one more push after it, not one each: the last
 * read carries every change before it.
 */
function pushHere(app: FastifyInstance, userId: string): Promise<void> {
  let pushes = pushesByServer.get(app.io)
  if (!pushes) {
    pushes = new Map()
    pushesByServer.set(app.io, pushes)
  }
  const inFlight = pushes.get(userId)
  if (inFlight) {
    inFlight.again = true
    return inFlight.running
  }
  const state: PushState = { running: Promise.resolve(), again: false }
  const userPushes = pushes
  state.running = (async () => {
    do {
      state.again = false
      await pushToLocalSockets(app, userId)
    } while (state.again)
  })().finally(() => userPushes.delete(userId))
  pushes.set(userId, state)
  return state.running
}

/**
 * Pushes `wallet:updated` to every socket of the user, on every node. Call it after the change
 * committed. A failed push is logged, not thrown: the change itself succeeded. With REDIS_URL the
 * other nodes are told of the change and each pushes to its own sockets.
 */
export function emitWalletUpdated(app: FastifyInstance, userId: string): Promise<void> {
  if (app.config.redisUrl) app.io.serverSideEmit('wallet:changed', userId)
  return pushHere(app, userId)
}

/**
 * Hears the other nodes' wallet changes, and gives a socket that comes back within the recovery window
 * its user's wallet as it is now: a change made while it was away was pushed to nobody.
 */
export function registerWalletPushes(app: FastifyInstance): void {
  app.io.on('wallet:changed', (userId) => void pushHere(app, userId))
  app.socketConnectionHandlers.push((socket) => {
    const session = socket.data.session
    if (socket.recovered && session) void pushHere(app, session.user.id)
  })
}
