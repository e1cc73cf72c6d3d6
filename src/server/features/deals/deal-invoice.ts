/**
 * A deal's invoice, in the reader's language. The streamer (the wallet's person or business) bills the
 * platform (config `invoiceRecipient`) for the deal's credited rewards. A numbered invoice is filed once
 * the deal has ended and the wallet names its issuer; its content is then frozen (invoice-numbers.ts)
 * and every download prints the same document. Before that, the download is a pro forma statement,
 * marked as such and unnumbered: an invoice must not change after it is issued.
 */
import { eq } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import type { Executor } from '#server/db/client.ts'
import { wallets } from '#server/db/schema.ts'
import type { StoredAddress } from '#server/db/schema-types.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { type LoadedDeal, listCreditedEvents } from './deals-repository'
import { fileInvoice } from './invoice-numbers'
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf'
import { vatCents, vatTreatment } from './invoice-vat'

type Issuer = InvoiceDocument['issuer']

const addressLines = (address: StoredAddress) =>
  [address.line1, address.line2, `${address.postalCode} ${address.city}`].filter((line): line is string =>
    Boolean(line?.trim()),
  )

/** Who issues the invoice, from the wallet; null while the wallet does not name them. */
async function issuerOf(db: Executor, ownerId: string): Promise<Issuer | null> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, ownerId)).limit(1)
  if (!wallet) return null
  if (wallet.kind === 'business' && wallet.business) {
    const business = wallet.business
    return {
      kind: 'business',
      name: business.name,
      address: addressLines(business.address),
      country: business.address.country,
      registrationNumber: business.registrationNumber,
      vatNumber: business.vatNumber?.trim() || undefined,
    }
  }
  if (wallet.person) {
    const person = wallet.person
    return {
      kind: 'person',
      name: `${person.firstName} ${person.lastName}`.trim(),
      address: addressLines(person.address),
      country: person.address.country,
    }
  }
  return null
}

/** One line per reward amount: "Valid clicks — mission", quantity × unit price. */
function linesOf(loaded: LoadedDeal, credited: { amountCents: number | null }[]): InvoiceDocument['lines'] {
  const byAmount = new Map<number, number>()
  for (const event of credited) {
    const cents = event.amountCents ?? 0
    byAmount.set(cents, (byAmount.get(cents) ?? 0) + 1)
  }
  return [...byAmount].map(([unitCents, quantity]) => ({
    kind: loaded.mission.rewardModel === 'cpc' ? ('click' as const) : ('goal' as const),
    quantity,
    unitCents,
    amountCents: unitCents * quantity,
  }))
}

function documentOf(
  loaded: LoadedDeal,
  credited: { amountCents: number | null; createdAt: Date }[],
  issuer: Issuer | null,
  recipient: Config['invoiceRecipient'],
): Omit<InvoiceDocument, 'number' | 'issuedAt' | 'proForma'> {
  const lines = linesOf(loaded, credited)
  const netCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const vat = issuer
    ? vatTreatment({ country: issuer.country, vatNumber: issuer.vatNumber }, recipient.country)
    : { mention: 'franchise_fr' as const, rate: 0 }
  const vatAmount = vatCents(netCents, vat.rate)
  return {
    dealCode: loaded.row.code,
    missionTitle: loaded.mission.title,
    providerName: loaded.provider.name,
    periodFrom: loaded.row.createdAt.toISOString(),
    periodTo: (loaded.row.finishedAt ?? loaded.row.stoppedAt ?? new Date()).toISOString(),
    issuer,
    recipient: { name: recipient.name, address: recipient.address, vatNumber: recipient.vatNumber },
    lines,
    netCents,
    vat,
    vatCents: vatAmount,
    grossCents: netCents + vatAmount,
  }
}

export async function dealInvoicePdf(
  db: Executor,
  loaded: LoadedDeal,
  recipient: Config['invoiceRecipient'],
  locale: SupportedLocale,
): Promise<{ pdf: Uint8Array; number: string | null }> {
  const ended = loaded.row.state !== 'inprogress'
  const issuer = await issuerOf(db, loaded.ownerId)
  if (!ended || !issuer) {
    const credited = await listCreditedEvents(db, loaded.row.id)
    const draft: InvoiceDocument = {
      ...documentOf(loaded, credited, issuer, recipient),
      number: null,
      issuedAt: new Date().toISOString(),
      proForma: ended ? 'no_wallet' : 'in_progress',
    }
    return { pdf: await renderInvoicePdf(draft, locale), number: null }
  }
  const credited = await listCreditedEvents(db, loaded.row.id)
  const row = await fileInvoice(db, loaded.ownerId, loaded.row.id, (number, issuedAt) => ({
    ...documentOf(loaded, credited, issuer, recipient),
    number: formatInvoiceNumber(number),
    issuedAt: issuedAt.toISOString(),
    proForma: null,
  }))
  const frozen = row.document as unknown as InvoiceDocument
  return { pdf: await renderInvoicePdf(frozen, locale), number: frozen.number }
}

/** 1 → "000001": fixed width, so the numbers sort as text too. */
export const formatInvoiceNumber = (number: number) => String(number).padStart(6, '0')
