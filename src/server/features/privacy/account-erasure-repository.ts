/**
 * Deleting an account: one transaction that erases what names the person and keeps what the money law
 * keeps. Kept for ten years (French accounting law): the invoices (frozen documents, issuer included),
 * the ledger entries, the payouts and the bank accounts they were sent to, all still tied to the user's
 * row, which stays as a pseudonymous record (random name, unusable address and password, `deleted_at`).
 * Erased: profile (name, e-mail, avatar, phone, creator code), identity on the wallet and its KYC
 * documents, connected platforms, sessions (revoked), devices, pending mails and notifications, brand
 * memberships. Deals are stopped and their overlay tokens replaced.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import {
  bankAccounts,
  dealEvents,
  deals,
  invoices,
  kycDocuments,
  ledgerEntries,
  newsletterSubscribers,
  oneTimeTokens,
  payouts,
  platforms,
  providerInvitations,
  providerMembers,
  pushOutbox,
  pushSubscriptions,
  retiredCreatorCodes,
  sessions,
  type UserRow,
  users,
  wallets,
} from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { AccountDeleted, AccountDeletionRefusal } from '#shared/contract/privacy.ts'

export interface ErasedAccount {
  answer: AccountDeleted
  /** Sessions revoked: the caller tells every node and cuts their sockets once committed. */
  revokedSessionIds: string[]
  /** Overlay tokens replaced: their widget rooms are emptied. */
  oldWidgetTokens: string[]
  /** Files to remove once committed (the rows are gone with the transaction). */
  avatar: UserRow['avatar']
  kycFiles: string[]
}

/**
 * Why the money on the wallet forbids deletion now, read under the wallet's row lock (FOR UPDATE,
 * which also waits for a payout or an earning being written against it, as their inserts hold a key
 * lock on it): money in flight or left on the wallet must be paid out first, never lost.
 */
async function moneyRefusals(tx: Transaction, userId: string): Promise<AccountDeletionRefusal[]> {
  const [wallet] = await tx
    .select({ id: wallets.id, balance: wallets.balanceCents, held: wallets.heldCents })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .for('update')
  if (!wallet) return []
  const [inFlight] = await tx
    .select({ n: count() })
    .from(payouts)
    .where(and(eq(payouts.walletId, wallet.id), eq(payouts.status, 'pending')))
  const refusals: AccountDeletionRefusal[] = []
  if ((inFlight?.n ?? 0) > 0) refusals.push('account.delete_payout_in_flight')
  if (wallet.held > 0) refusals.push('account.delete_balance_held')
  if (wallet.balance - wallet.held > 0) refusals.push('account.delete_balance_available')
  return refusals
}

async function keptCounts(tx: Transaction, userId: string): Promise<AccountDeleted['kept']> {
  const walletIds = tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId))
  const [invoiceCount] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.issuerId, userId))
  const [ledgerCount] = await tx
    .select({ n: count() })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.walletId, walletIds))
  const [payoutCount] = await tx
    .select({ n: count() })
    .from(payouts)
    .where(inArray(payouts.walletId, walletIds))
  return { invoices: invoiceCount?.n ?? 0, ledgerEntries: ledgerCount?.n ?? 0, payouts: payoutCount?.n ?? 0 }
}

/** Deals stopped (with their `stopped` event) and every overlay token replaced; the old tokens. */
async function stopDeals(tx: Transaction, userId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ id: deals.id, state: deals.state, token: deals.widgetToken })
    .from(deals)
    .where(eq(deals.userId, userId))
    .for('update')
  for (const row of rows) {
    const stopping = row.state === 'inprogress'
    await tx
      .update(deals)
      .set({
        widgetToken: randomBytes(24).toString('base64url'),
        updatedAt: now,
        ...(stopping ? { state: 'stopped' as const, stoppedAt: now } : {}),
      })
      .where(eq(deals.id, row.id))
    if (stopping) await tx.insert(dealEvents).values({ dealId: row.id, type: 'stopped' })
  }
  return rows.map((row) => row.token)
}

/** The wallet keeps its money and its history; who it belonged to goes, and the unused bank accounts. */
async function eraseWalletIdentity(tx: Transaction, userId: string): Promise<string[]> {
  const [wallet] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId))
  if (!wallet) return []
  await tx
    .update(wallets)
    .set({ person: null, business: null, certificationReason: null, updatedAt: new Date() })
    .where(eq(wallets.id, wallet.id))
  const paidTo = tx.select({ id: payouts.bankAccountId }).from(payouts).where(eq(payouts.walletId, wallet.id))
  await tx
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.walletId, wallet.id), notInArray(bankAccounts.id, paidTo)))
  await tx
    .update(bankAccounts)
    .set({ active: false, isDefault: false })
    .where(eq(bankAccounts.walletId, wallet.id))
  const documents = await tx
    .delete(kycDocuments)
    .where(eq(kycDocuments.walletId, wallet.id))
    .returning({ storedName: kycDocuments.storedName })
  return documents.map((document) => document.storedName)
}

/** Everything else that names the person or lets anyone act as them. */
async function eraseTraces(tx: Transaction, user: UserRow): Promise<string[]> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))
  await tx.delete(pushOutbox).where(eq(pushOutbox.userId, user.id))
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))
  await tx.delete(platforms).where(eq(platforms.userId, user.id))
  await tx.delete(retiredCreatorCodes).where(eq(retiredCreatorCodes.userId, user.id))
  await tx.delete(providerMembers).where(eq(providerMembers.userId, user.id))
  await tx.delete(providerInvitations).where(sql`lower(${providerInvitations.email}) = lower(${user.email})`)
  await tx
    .delete(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`)
  return revoked.map((row) => row.id)
}

/**
 * Erases the account, or refuses with 409 and every reason at once (each names what to do) while
 * money is in flight or left on the wallet. 404 when it was deleted meanwhile.
 */
export function eraseAccount(db: Database, userId: string): Promise<ErasedAccount> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (!user || user.deletedAt) throw notFound('No such user')
    const refusals = await moneyRefusals(tx, userId)
    if (refusals.length > 0) {
      throw conflict('Money is in flight or left on the wallet: pay it out first', { errors: refusals })
    }
    const now = new Date()
    const oldWidgetTokens = await stopDeals(tx, userId, now)
    const kycFiles = await eraseWalletIdentity(tx, userId)
    const revokedSessionIds = await eraseTraces(tx, user)
    const pseudonym = `deleted-${randomBytes(6).toString('hex')}`
    await tx
      .update(users)
      .set({
        username: pseudonym,
        email: `${pseudonym}-${randomUUID()}@deleted.invalid`,
        // Not an argon2 hash: no password can ever match it.
        passwordHash: '!deleted',
        roles: ['user'],
        avatar: null,
        phone: null,
        creatorCode: randomBytes(8).toString('hex').toUpperCase(),
        sponsorCode: null,
        emailVerifiedAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, userId))
    await audit(tx, { actorId: userId, action: 'account.deleted', target: `user:${userId}` })
    return {
      answer: { deletedAt: now.toISOString(), kept: await keptCounts(tx, userId) },
      revokedSessionIds,
      oldWidgetTokens,
      avatar: user.avatar,
      kycFiles,
    }
  })
}
