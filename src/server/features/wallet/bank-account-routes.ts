import { and, desc, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Transaction } from '#server/db/client.ts'
import { bankAccounts, wallets } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { registerEndpoint } from '#server/http/register-endpoint.ts'
import { formError } from '#shared/contract/errors.ts'
import { BankAccountBody } from '#shared/contract/wallet.ts'
import { activeBankAccounts, findOwner, isUuid, requireCreatedWallet } from './wallet-repository'
import { bankAccountView } from './wallet-serializer'
import { emitWalletUpdated } from './wallet-service'

/** 10 active accounts: more than anyone is paid to, few enough that the list stays readable. */
const MAX_ACTIVE_ACCOUNTS = 10

/**
 * Bank account changes of one wallet run one at a time (the wallet row is locked), so two requests
 * can never leave two default accounts, or none while active ones remain.
 */
async function lockWallet(tx: Transaction, walletId: string): Promise<void> {
  await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, walletId)).for('update')
}

/**
 * Runs `change` on the owner's wallet with the wallet row locked, then tells the owner's devices the
 * wallet changed.
 */
async function changeBankAccounts<T>(
  app: FastifyInstance,
  username: string,
  change: (tx: Transaction, walletId: string) => Promise<T>,
): Promise<T> {
  const owner = await findOwner(app.db, username)
  const wallet = await requireCreatedWallet(app.db, owner.id)
  const result = await app.db.transaction(async (tx) => {
    await lockWallet(tx, wallet.id)
    return change(tx, wallet.id)
  })
  await emitWalletUpdated(app, owner.id)
  return result
}

async function accountOf(tx: Transaction, walletId: string, bankId: string) {
  if (!isUuid(bankId)) throw notFound('No such bank account')
  const [account] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.walletId, walletId), eq(bankAccounts.id, bankId)))
    .limit(1)
  if (!account) throw notFound('No such bank account')
  return account
}

export async function bankAccountRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    'walletBankAccountCreate',
    { body: BankAccountBody },
    // The handler gets the schema's output: the IBAN already compacted by its pipe.
    async ({ params, body, reply }) => {
      const created = await changeBankAccounts(app, params.username, async (tx, walletId) => {
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
      reply.code(201)
      return bankAccountView(created)
    },
  )

  registerEndpoint(app, 'walletBankAccountUnactivate', {}, async ({ params }) => {
    const updated = await changeBankAccounts(app, params.username, async (tx, walletId) => {
      const account = await accountOf(tx, walletId, params.bankId)
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
    return bankAccountView(updated)
  })

  registerEndpoint(app, 'walletBankAccountDefault', {}, async ({ params }) => {
    const updated = await changeBankAccounts(app, params.username, async (tx, walletId) => {
      const account = await accountOf(tx, walletId, params.bankId)
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
    return bankAccountView(updated)
  })
}
