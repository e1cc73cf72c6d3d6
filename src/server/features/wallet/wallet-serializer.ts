import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { preparedPerDatabase } from '#server/db/prepared.ts'
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
function walletView(row: WalletRow, accounts: BankAccountRow[], pending: PendingEarnings): Wallet | null {
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

/** A bank account as the wallet query aggregates it (JSON: timestamps come as text). */
type BankAccountJson = Omit<BankAccountRow, 'createdAt'> & { createdAt: string }

/**
 * The bank accounts of the wallet row a query selects, oldest first, as one JSON array. A nested
 * `sql` keeps its columns qualified (drizzle strips table names from a one-table select's own fields).
 */
const bankAccountsOfWallet = () => sql`
  select coalesce(json_agg(json_build_object(
    'id', ${bankAccounts.id}, 'walletId', ${bankAccounts.walletId},
    'holderName', ${bankAccounts.holderName}, 'iban', ${bankAccounts.iban},
    'country', ${bankAccounts.country}, 'isDefault', ${bankAccounts.isDefault},
    'active', ${bankAccounts.active}, 'createdAt', ${bankAccounts.createdAt}
  ) order by ${bankAccounts.createdAt}, ${bankAccounts.id}), '[]'::json)
  from ${bankAccounts} where ${bankAccounts.walletId} = ${wallets.id}`

/**
 * The wallet row, its pending earnings and its bank accounts in one statement: one snapshot, one
 * round trip for what every wallet page and every `wallet:updated` push shows.
 */
const walletOfUser = preparedPerDatabase((db) =>
  db
    .select({
      row: wallets,
      ...pendingColumns(),
      accounts: sql<BankAccountJson[]>`(${bankAccountsOfWallet()})`,
    })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('wallet_of_user'),
)

/** Builds the contract `Wallet` of a user from the database; null when they have not created one. */
export async function buildWallet(db: Executor, userId: string): Promise<Wallet | null> {
  const [found] = await walletOfUser(db).execute({ userId })
  if (!found?.row.person) return null
  const accounts = found.accounts.map((account) => ({ ...account, createdAt: new Date(account.createdAt) }))
  return walletView(found.row, accounts, pendingEarnings(found))
}

/** The user's created wallet, as answers carry it; 404 before they created it. */
export async function loadWallet(db: Executor, userId: string): Promise<Wallet> {
  const wallet = await buildWallet(db, userId)
  if (!wallet) throw notFound('This user has no wallet yet')
  return wallet
}
