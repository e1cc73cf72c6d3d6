/**
 * Who a wallet pays, as documents name them: the business when the wallet is a business's, else the
 * person. Read by the deals' invoices (the streamer issues them) and the monthly statements.
 */
import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { wallets } from '#server/db/schema.ts'
import type { StoredAddress } from '#server/db/schema-types.ts'

export interface WalletIdentity {
  kind: 'person' | 'business'
  name: string
  /** Street, complement, postal code and city; the country is `country`. */
  address: string[]
  country: string
  registrationNumber?: string
  /** Only a business has one; absent (not empty) when it gave none. */
  vatNumber?: string
}

const addressLines = (address: StoredAddress) =>
  [address.line1, address.line2, `${address.postalCode} ${address.city}`].filter((line): line is string =>
    Boolean(line?.trim()),
  )

/** The wallet's identity; null before the wallet names anyone (earnings may arrive before). */
export async function walletIdentity(db: Executor, userId: string): Promise<WalletIdentity | null> {
  const [wallet] = await db
    .select({ kind: wallets.kind, person: wallets.person, business: wallets.business })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .limit(1)
  if (!wallet) return null
  if (wallet.kind === 'business' && wallet.business) {
    const business = wallet.business
    const vatNumber = business.vatNumber?.trim()
    return {
      kind: 'business',
      name: business.name,
      address: addressLines(business.address),
      country: business.address.country,
      registrationNumber: business.registrationNumber,
      ...(vatNumber ? { vatNumber } : {}),
    }
  }
  if (!wallet.person) return null
  const person = wallet.person
  return {
    kind: 'person',
    name: `${person.firstName} ${person.lastName}`.trim(),
    address: addressLines(person.address),
    country: person.address.country,
  }
}
