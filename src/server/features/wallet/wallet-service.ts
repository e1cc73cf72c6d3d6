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
export function walletPushFor(db: Executor, userId: string): Promise<Wallet | null> {
  return buildWallet(db, userId)
}

interface PushState {
  running: Promise<void>
  again: boolean
}

const pushesByApp = new WeakMap<FastifyInstance, Map<string, PushState>>()

async function pushWallet(app: FastifyInstance, userId: string): Promise<void> {
  try {
    const wallet = await walletPushFor(app.db, userId)
    if (wallet) app.io.to(rooms.user(userId)).emit('wallet:updated', wallet)
  } catch (error) {
    app.log.warn({ err: error, userId }, 'could not push wallet:updated')
  }
}

/**
 * Pushes `wallet:updated` to every socket of the user. Call it after the change committed. A failed
 * push is logged, not thrown: the change itself succeeded, and clients refetch on reconnect anyway.
 * Changes arriving while a user's push is being read make one more push after it, not one each: a raid
 * credits a streamer several times a second, and the last read carries every change before it.
 */
export function emitWalletUpdated(app: FastifyInstance, userId: string): Promise<void> {
  let pushes = pushesByApp.get(app)
  if (!pushes) {
    pushes = new Map()
    pushesByApp.set(app, pushes)
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
      await pushWallet(app, userId)
    } while (state.again)
  })().finally(() => userPushes.delete(userId))
  pushes.set(userId, state)
  return state.running
}
