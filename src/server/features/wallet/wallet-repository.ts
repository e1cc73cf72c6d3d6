import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import {
  bankAccounts,
  kycDocuments,
  type UserRow,
  users,
  type WalletRow,
  wallets,
} from '#server/db/schema.ts'
import { notFound } from '#server/http/api-error.ts'
import type { CertificationStatus } from '#shared/contract/wallet.ts'
import { requiredKycKind } from '#shared/kyc-rules.ts'

export type WalletOwner = Pick<UserRow, 'id' | 'username' | 'emailVerifiedAt'>

/** The user a wallet URL names (usernames are case-insensitive); 404 when there is none. */
export async function findOwner(db: Executor, username: string): Promise<WalletOwner> {
  const [user] = await db
    .select({ id: users.id, username: users.username, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1)
  if (!user) throw notFound('No such user')
  return user
}

export async function findWalletRow(db: Executor, userId: string): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1)
  return row
}

/** The wallet the user created (person details filled in); 404 otherwise, as GET answers. */
export async function requireCreatedWallet(db: Executor, userId: string): Promise<WalletRow> {
  const row = await findWalletRow(db, userId)
  if (!row?.person) throw notFound('This user has no wallet yet')
  return row
}

/**
 * Derives the wallet's certification status from its documents of the kind its wallet kind needs
 * (identity for a person, company registration for a business): any verified one certifies; else
 * one waiting for review keeps it pending; else the latest rejection (and its reason) shows.
 * Derived rather than set by hand, so an upload, a review and a kind change can never disagree.
 */
export async function refreshCertification(tx: Executor, walletId: string): Promise<CertificationStatus> {
  const [wallet] = await tx.select({ kind: wallets.kind }).from(wallets).where(eq(wallets.id, walletId))
  if (!wallet) throw notFound('No such wallet')
  const documents = await tx
    .select({ status: kycDocuments.status, reason: kycDocuments.reason })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.walletId, walletId), eq(kycDocuments.kind, requiredKycKind(wallet.kind))))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
  let status: CertificationStatus = 'none'
  let reason: string | null = null
  if (documents.some((document) => document.status === 'verified')) status = 'verified'
  else if (documents.some((document) => document.status === 'pending')) status = 'pending'
  else if (documents[0]?.status === 'rejected') {
    status = 'rejected'
    reason = documents[0].reason
  }
  await tx
    .update(wallets)
    .set({ certificationStatus: status, certificationReason: reason })
    .where(eq(wallets.id, walletId))
  return status
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids in URLs are checked before they reach a uuid column, where junk would be a database error. */
export const isUuid = (value: string) => UUID_PATTERN.test(value)

/** The condition for a wallet's active bank accounts, narrowed by `more` (payouts only go to these). */
export function activeBankAccounts(walletId: string, ...more: SQL[]): SQL | undefined {
  return and(eq(bankAccounts.walletId, walletId), eq(bankAccounts.active, true), ...more)
}
