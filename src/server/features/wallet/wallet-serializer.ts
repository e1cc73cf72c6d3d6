import { asc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { type BankAccountRow, bankAccounts, type WalletRow, wallets } from '#server/db/schema.ts'
import { notFound } from '#server/http/api-error.ts'
import type { BankAccount, Wallet } from '#shared/contract/wallet.ts'
import { maskIban } from '#shared/validation-rules.ts'
import { type PendingEarnings, pendingColumns, pendingEarnings } from './earnings-hold'

/** The contract view of a bank account: the full IBAN never leaves the server. */
export function bankAccountView(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    holderName: row.holderName,
    ibanMasked: maskIban(row.iban),
    country: row.country,
    isDefault: row.isDefault,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The contract `Wallet` of a wallet row, or null while the user has not created it yet (the row may
 * exist earlier, holding earnings, with no person details: that is not a wallet the user can see).
 */
export function walletView(
  row: WalletRow,
  accounts: BankAccountRow[],
  pending: PendingEarnings,
): Wallet | null {
  if (!row.person) return null
  return {
    id: row.id,
    kind: row.kind,
    person: row.person,
    business: row.kind === 'business' ? row.business : null,
    balance: { amount: row.balanceCents, currency: 'EUR' },
    available: { amount: row.balanceCents - pending.pendingCents, currency: 'EUR' },
    pending: { amount: pending.pendingCents, currency: 'EUR' },
    nextAvailableAt: pending.nextAvailableAt?.toISOString() ?? null,
    informations: { bankAccounts: accounts.map(bankAccountView) },
    stripe: {
      status: { person: { status: row.certificationStatus, reason: row.certificationReason } },
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Builds the contract `Wallet` of a user from the database; null when they have not created one. */
export async function buildWallet(db: Executor, userId: string): Promise<Wallet | null> {
  const [found] = await db
    .select({ row: wallets, ...pendingColumns() })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .limit(1)
  if (!found?.row.person) return null
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.walletId, found.row.id))
    .orderBy(asc(bankAccounts.createdAt), asc(bankAccounts.id))
  return walletView(found.row, accounts, pendingEarnings(found))
}

/** The user's created wallet, as answers carry it; 404 before they created it. */
export async function loadWallet(db: Executor, userId: string): Promise<Wallet> {
  const wallet = await buildWallet(db, userId)
  if (!wallet) throw notFound('This user has no wallet yet')
  return wallet
}
