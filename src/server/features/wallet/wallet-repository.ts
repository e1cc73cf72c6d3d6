import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import {
  bankAccounts,
  kycDocuments,
  type UserRow,
  users,
  type WalletRow,
  wallets,
} from '#server/db/schema.ts'
import type { StoredBusiness, StoredPerson } from '#server/db/schema-types.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import type { AuthenticatedSession } from '#server/http/register-endpoint.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import type { CertificationStatus, Onboarding, WalletBody } from '#shared/contract/wallet.ts'
import { requiredKycKind } from '#shared/kyc-rules.ts'
import { ensureWalletRow } from './ledger-service'

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

/**
 * The id of the user a wallet URL names. The caller's own wallet (what every streamer loads on every
 * visit) needs no lookup: the access check already matched the name to the session's user.
 */
export async function ownerIdOf(
  db: Executor,
  username: string,
  session: AuthenticatedSession | null,
): Promise<string> {
  if (session && session.user.username.toLowerCase() === username.toLowerCase()) return session.user.id
  return (await findOwner(db, username)).id
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

/** The condition for a wallet's active bank accounts, narrowed by `more` (payouts only go to these). */
export function activeBankAccounts(walletId: string, ...more: SQL[]): SQL | undefined {
  return and(eq(bankAccounts.walletId, walletId), eq(bankAccounts.active, true), ...more)
}

/** JSON columns keep only what the contract knows, without `undefined` holes. */
function storedDetails(body: WalletBody): { person: StoredPerson; business: StoredBusiness | null } {
  return {
    person: JSON.parse(JSON.stringify(body.person)) as StoredPerson,
    business:
      body.kind === 'business' && body.business
        ? (JSON.parse(JSON.stringify(body.business)) as StoredBusiness)
        : null,
  }
}

/**
 * The identity's phone is the account's one phone: the profile shows it (read-only) and it is written
 * here only, so the two can never disagree.
 */
async function identityPhoneToProfile(tx: Executor, userId: string, body: WalletBody): Promise<void> {
  await tx
    .update(users)
    .set({ phone: body.person.phone ?? null })
    .where(eq(users.id, userId))
}

/**
 * Creates the user's wallet: fills in who is paid on the wallet row (which earnings may have created
 * already). 409 when the user already created it.
 */
export function createWalletDetails(db: Database, userId: string, body: WalletBody): Promise<void> {
  return db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, userId)
    const [created] = await tx
      .update(wallets)
      .set({ kind: body.kind, ...storedDetails(body) })
      .where(and(eq(wallets.id, walletId), isNull(wallets.person)))
      .returning({ id: wallets.id })
    if (!created) throw conflict('This user already has a wallet', formError('', 'wallet.exists'))
    await identityPhoneToProfile(tx, userId, body)
    await refreshCertification(tx, walletId)
  })
}

/** Changes who is paid on the created wallet; 404 before it is created. */
export function updateWalletDetails(db: Database, userId: string, body: WalletBody): Promise<void> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(wallets)
      .set({ kind: body.kind, ...storedDetails(body), updatedAt: new Date() })
      .where(and(eq(wallets.userId, userId), isNotNull(wallets.person)))
      .returning({ id: wallets.id })
    if (!updated) throw notFound('This user has no wallet yet')
    await identityPhoneToProfile(tx, userId, body)
    // A person becoming a business needs its company registration verified, and back.
    await refreshCertification(tx, updated.id)
  })
}

/** The four steps to be paid, as far as the user has gone. */
export async function onboardingOf(db: Executor, owner: WalletOwner): Promise<Onboarding> {
  const wallet = await findWalletRow(db, owner.id)
  const [account] = wallet
    ? await db
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(activeBankAccounts(wallet.id))
        .limit(1)
    : []
  return {
    // The profile is complete once the e-mail address is proven: it is where payout notices go.
    profileComplete: owner.emailVerifiedAt !== null,
    walletCreated: Boolean(wallet?.person),
    bankAccountAdded: account !== undefined,
    certificationVerified: wallet?.certificationStatus === 'verified',
  }
}
