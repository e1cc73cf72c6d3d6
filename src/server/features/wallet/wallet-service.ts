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

/**
 * Pushes `wallet:updated` to every socket of the user. Call it after the change committed. A failed
 * push is logged, not thrown: the change itself succeeded, and clients refetch on reconnect anyway.
 */
export async function emitWalletUpdated(app: FastifyInstance, userId: string): Promise<void> {
  try {
    const wallet = await walletPushFor(app.db, userId)
    if (wallet) app.io.to(rooms.user(userId)).emit('wallet:updated', wallet)
  } catch (error) {
    app.log.warn({ err: error, userId }, 'could not push wallet:updated')
  }
}
