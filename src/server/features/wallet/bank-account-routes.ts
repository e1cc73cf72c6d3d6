import type { FastifyInstance } from 'fastify'
import type { BankAccountRow } from '#server/db/schema.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { addBankAccount, makeDefaultBankAccount, unactivateBankAccount } from './bank-account-repository'
import { findOwner, requireCreatedWallet } from './wallet-repository'
import { bankAccountView } from './wallet-serializer'
import { emitWalletUpdated } from './wallet-service'

/** A wallet's bank accounts: added, deactivated, made the default; each change is pushed to the owner. */
export async function bankAccountRoutes(app: FastifyInstance) {
  /** Runs a change on the owner's created wallet, then tells the owner's devices the wallet changed. */
  async function changeAccounts(username: string, change: (walletId: string) => Promise<BankAccountRow>) {
    const owner = await findOwner(app.db, username)
    const wallet = await requireCreatedWallet(app.db, owner.id)
    const account = await change(wallet.id)
    await emitWalletUpdated(app, owner.id)
    return bankAccountView(account)
  }

  registerRoute(app, 'walletBankAccountCreate', ({ params, body }) =>
    changeAccounts(params.username, (walletId) => addBankAccount(app.db, walletId, body)),
  )

  registerRoute(app, 'walletBankAccountUnactivate', ({ params }) =>
    changeAccounts(params.username, (walletId) => unactivateBankAccount(app.db, walletId, params.bankId)),
  )

  registerRoute(app, 'walletBankAccountDefault', ({ params }) =>
    changeAccounts(params.username, (walletId) => makeDefaultBankAccount(app.db, walletId, params.bankId)),
  )
}
