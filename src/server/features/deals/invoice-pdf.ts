import type { SupportedLocale } from '#server/http/locale.ts'
import { localized } from '#server/http/locale.ts'
import { labelled, pdfMoney as money, newPdf, printParty } from '#server/lib/pdf-layout.ts'
import { formatDate } from '#shared/format-date.ts'
import { invoiceCopy } from './invoice-copy'
import type { VatTreatment } from './invoice-vat'

/** What an invoice says, as frozen when it is filed (dates as ISO strings, amounts in cents). */
export interface InvoiceDocument {
  /** Null on a pro forma statement. */
  number: string | null
  issuedAt: string
  /** Why this is not an invoice yet; null on an invoice. */
  proForma: 'in_progress' | 'no_wallet' | null
  dealCode: string
  missionTitle: { en: string; fr?: string; es?: string }
  providerName: string
  periodFrom: string
  periodTo: string
  issuer: {
    kind: 'person' | 'business'
    name: string
    address: string[]
    country: string
    registrationNumber?: string
    vatNumber?: string
  } | null
  /** The platform; `registrationNumber` only on documents filed since it is printed. */
  recipient: { name: string; address: string[]; registrationNumber?: string; vatNumber: string | undefined }
  lines: { kind: 'click' | 'goal'; quantity: number; unitCents: number; amountCents: number }[]
  netCents: number
  vat: VatTreatment
  vatCents: number
  grossCents: number
}

/** The invoice (or pro forma statement) as a PDF, its words in `locale`, its content as filed. */
export async function renderInvoicePdf(data: InvoiceDocument, locale: SupportedLocale): Promise<Uint8Array> {
  const copy = invoiceCopy[locale]
  const title = data.number ? `${copy.invoice} ${data.number}` : copy.proForma
  const { doc, writer } = await newPdf({
    title: `Streamdeals — ${title}`,
    author: data.issuer?.name ?? 'Streamdeals',
    locale,
    createdAt: new Date(data.issuedAt),
  })
  writer.text(data.number ? copy.invoice : copy.proForma, { size: 18, bold: true, gap: 0 })
  if (data.proForma)
    writer.paragraph(data.proForma === 'in_progress' ? copy.proFormaInProgress : copy.proFormaNoWallet)
  if (data.number) writer.text(`${copy.number} ${data.number}`, { bold: true, gap: 10 })
  writer.text(labelled(copy.issued, formatDate(data.issuedAt), locale))

  printParty(writer, copy.issuer, data.issuer, copy, locale)
  printParty(writer, copy.billedTo, data.recipient, copy, locale)

  const mission = localized(data.missionTitle, locale)
  writer.text(labelled(copy.deal, `${data.dealCode} — ${mission} (${data.providerName})`, locale), {
    gap: 14,
  })
  writer.text(labelled(copy.period, `${formatDate(data.periodFrom)} – ${formatDate(data.periodTo)}`, locale))

  writer.text('', { gap: 10 })
  writer.row([copy.description, copy.quantity, copy.unitPrice, copy.amount], true)
  writer.rule()
  if (data.lines.length === 0) writer.row([copy.noEarnings, '', '', money(0, locale)])
  for (const line of data.lines) {
    const label = line.kind === 'click' ? copy.clickLine(mission) : copy.goalLine(mission)
    writer.row([label, String(line.quantity), money(line.unitCents, locale), money(line.amountCents, locale)])
  }
  writer.rule()
  // A private person charges no VAT and says nothing of it: one total. Invoices filed before the
  // person's own mention existed carry the franchise one; the issuer's kind decides, not the filing.
  const business = data.issuer?.kind === 'business'
  if (business) {
    writer.row([copy.net, '', '', money(data.netCents, locale)])
    writer.row([copy.vat(`${data.vat.rate.toLocaleString(locale)} %`), '', '', money(data.vatCents, locale)])
    writer.row([copy.gross, '', '', money(data.grossCents, locale)], true)
  } else writer.row([copy.total, '', '', money(data.grossCents, locale)], true)

  writer.text('', { gap: 10 })
  writer.paragraph(copy.mentions[business ? data.vat.mention : 'private_person'])
  writer.paragraph(copy.payment)
  if (business) writer.paragraph(copy.latePayment)
  return doc.save()
}
