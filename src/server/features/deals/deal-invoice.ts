/**
 * A deal's invoice, in the reader's language. The streamer (the wallet's person or business) bills the
 * platform (config `legalIdentity`) for the deal's credited rewards. A numbered invoice is filed once
 * the deal has ended and the wallet names its issuer; its content is then frozen (invoice-numbers.ts)
 * and every download prints the same document. Before that, the download is a pro forma statement,
 * marked as such and unnumbered: an invoice must not change after it is issued.
 */
import type { LegalIdentity } from '#server/config-legal.ts'
import type { Executor } from '#server/db/client.ts'
import { walletIdentity } from '#server/features/wallet/identity-service.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { type LoadedDeal, listCreditedEvents } from './deals-repository'
import { fileInvoice } from './invoice-numbers'
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf'
import { vatCents, vatTreatment } from './invoice-vat'

type Issuer = InvoiceDocument['issuer']

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
  recipient: LegalIdentity,
): Omit<InvoiceDocument, 'number' | 'issuedAt' | 'proForma'> {
  const lines = linesOf(loaded, credited)
  const netCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  // Nobody named yet: no VAT and no VAT mention, as for a person (the pro forma asks for the wallet).
  const vat = issuer
    ? vatTreatment(issuer, recipient.country)
    : { mention: 'private_person' as const, rate: 0 }
  const vatAmount = vatCents(netCents, vat.rate)
  return {
    dealCode: loaded.row.code,
    missionTitle: loaded.mission.title,
    providerName: loaded.provider.name,
    periodFrom: loaded.row.createdAt.toISOString(),
    periodTo: (loaded.row.finishedAt ?? loaded.row.stoppedAt ?? new Date()).toISOString(),
    issuer,
    recipient: {
      name: recipient.name,
      address: recipient.address,
      registrationNumber: recipient.registrationNumber,
      vatNumber: recipient.vatNumber,
    },
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
  recipient: LegalIdentity,
  locale: SupportedLocale,
): Promise<{ pdf: Uint8Array; number: string | null }> {
  const ended = loaded.row.state !== 'inprogress'
  const issuer = await walletIdentity(db, loaded.ownerId)
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
const formatInvoiceNumber = (number: number) => String(number).padStart(6, '0')
