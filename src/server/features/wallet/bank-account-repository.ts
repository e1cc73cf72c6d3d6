import { and, desc, eq, ne } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client.ts'
import { isUuid } from '#server/db/ids.ts'
import { type BankAccountRow, bankAccounts, wallets } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import type { BankAccountBody } from '#shared/contract/wallet.ts'
import { activeBankAccounts } from './wallet-repository'

/** 10 active accounts: more than anyone is paid to, few enough that the list stays readable. */
const MAX_ACTIVE_ACCOUNTS = 10

/**
 * Runs `change` on the wallet's bank accounts with the wallet row locked: changes of one wallet run
 * one at a time, so two requests can never leave two default accounts, or none while active ones remain.
 */
function withWalletLocked<T>(
  db: Database,
  walletId: string,
  change: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, walletId)).for('update')
    return change(tx)
  })
}

async function accountOf(tx: Transaction, walletId: string, bankId: string): Promise<BankAccountRow> {
  if (!isUuid(bankId)) throw notFound('No such bank account')
  const [account] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.walletId, walletId), eq(bankAccounts.id, bankId)))
    .limit(1)
  if (!account) throw notFound('No such bank account')
  return account
}

/** Adds an account (the body's IBAN already compacted by its schema); the first active one is the default. */
export function addBankAccount(
  db: Database,
  walletId: string,
  body: BankAccountBody,
): Promise<BankAccountRow> {
  return withWalletLocked(db, walletId, async (tx) => {
    const active = await tx
      .select({ iban: bankAccounts.iban, isDefault: bankAccounts.isDefault })
      .from(bankAccounts)
      .where(activeBankAccounts(walletId))
    if (active.some((account) => account.iban === body.iban)) {
      throw conflict(
        'This bank account is already on your wallet',
        formError('iban', 'bank_account.duplicate'),
      )
    }
    if (active.length >= MAX_ACTIVE_ACCOUNTS) {
      throw conflict(
        'Deactivate a bank account before adding another',
        formError('', 'bank_account.too_many'),
      )
    }
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        walletId,
        holderName: body.holderName.trim(),
        iban: body.iban,
        country: body.iban.slice(0, 2),
        // The first active account is where payouts go until the user picks another.
        isDefault: !active.some((account) => account.isDefault),
      })
      .returning()
    if (!row) throw new Error('bank account insert returned no row')
    return row
  })
}

/** Deactivates an account; a default one hands over to the newest remaining active account. */
export function unactivateBankAccount(
  db: Database,
  walletId: string,
  bankId: string,
): Promise<BankAccountRow> {
  return withWalletLocked(db, walletId, async (tx) => {
    const account = await accountOf(tx, walletId, bankId)
    const [row] = await tx
      .update(bankAccounts)
      .set({ active: false, isDefault: false })
      .where(eq(bankAccounts.id, account.id))
      .returning()
    if (account.isDefault) {
      // Payouts need a default: the newest remaining active account takes over.
      const [next] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(activeBankAccounts(walletId, ne(bankAccounts.id, account.id)))
        .orderBy(desc(bankAccounts.createdAt))
        .limit(1)
      if (next) await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, next.id))
    }
    return row ?? account
  })
}

/** Makes an active account the one payouts go to. */
export function makeDefaultBankAccount(
  db: Database,
  walletId: string,
  bankId: string,
): Promise<BankAccountRow> {
  return withWalletLocked(db, walletId, async (tx) => {
    const account = await accountOf(tx, walletId, bankId)
    if (!account.active) {
      throw conflict(
        'A deactivated bank account cannot receive payouts',
        formError('', 'bank_account.inactive'),
      )
    }
    await tx.update(bankAccounts).set({ isDefault: false }).where(eq(bankAccounts.walletId, walletId))
    const [row] = await tx
      .update(bankAccounts)
      .set({ isDefault: true })
      .where(eq(bankAccounts.id, account.id))
      .returning()
    return row ?? account
  })
}
