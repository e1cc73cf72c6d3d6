import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type { SupportedLocale } from '#server/http/locale.ts'
import { localized } from '#server/http/locale.ts'
import { formatMoney } from '#shared/format.ts'
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
  recipient: { name: string; address: string[]; vatNumber: string | undefined }
  lines: { kind: 'click' | 'goal'; quantity: number; unitCents: number; amountCents: number }[]
  netCents: number
  vat: VatTreatment
  vatCents: number
  grossCents: number
}

// A4 in PDF points (1/72 inch), with 50 pt margins: the size every printer and viewer expects.
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 50
const LINE_HEIGHT = 16
const BODY_SIZE = 10

/**
 * The standard PDF fonts only know WinAnsi: anything outside it (emoji, CJK) would throw, so it
 * becomes '?'. Narrow no-break spaces (French amounts, and the space before : ; ! ?) become the
 * no-break space WinAnsi has, so a colon still never starts a line.
 */
function winAnsi(text: string): string {
  return text.replace(/\u202f/g, '\u00a0').replace(/[^\x20-\x7e\u00a0-\u00ff€’‘“”–—…]/g, '?')
}

class Writer {
  private page: PDFPage
  private y = PAGE_HEIGHT - MARGIN

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT])
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.y = PAGE_HEIGHT - MARGIN
  }

  text(value: string, options: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = options.size ?? BODY_SIZE
    this.room(size + 6)
    this.y -= size + (options.gap ?? 6)
    this.page.drawText(winAnsi(value), {
      x: MARGIN,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.font,
    })
  }

  /** Description, quantity, unit price, amount: the last three right-aligned in their columns. */
  row(cells: [string, string, string, string], bold = false) {
    this.room(LINE_HEIGHT)
    this.y -= LINE_HEIGHT
    const font = bold ? this.bold : this.font
    const [label, quantity, unit, amount] = cells.map(winAnsi) as [string, string, string, string]
    // 52 characters keep the description clear of the number columns on A4.
    this.page.drawText(label.length > 52 ? `${label.slice(0, 51)}…` : label, {
      x: MARGIN,
      y: this.y,
      size: BODY_SIZE,
      font,
    })
    const right = (value: string, edge: number) =>
      this.page.drawText(value, {
        x: edge - font.widthOfTextAtSize(value, BODY_SIZE),
        y: this.y,
        size: BODY_SIZE,
        font,
      })
    right(quantity, PAGE_WIDTH - MARGIN - 190)
    right(unit, PAGE_WIDTH - MARGIN - 95)
    right(amount, PAGE_WIDTH - MARGIN)
  }

  /** Text that may be longer than a line: wrapped at the page's width. */
  paragraph(value: string, options: { size?: number; bold?: boolean } = {}) {
    const size = options.size ?? BODY_SIZE
    const font = options.bold ? this.bold : this.font
    const width = PAGE_WIDTH - 2 * MARGIN
    let line = ''
    for (const word of winAnsi(value).split(' ')) {
      const next = line ? `${line} ${word}` : word
      if (font.widthOfTextAtSize(next, size) > width && line) {
        this.text(line, options)
        line = word
      } else line = next
    }
    if (line) this.text(line, options)
  }

  rule() {
    this.room(8)
    this.y -= 6
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    })
  }
}

/** "DE" → "Allemagne" in French: the country of an address, named in the reader's language. */
function countryName(code: string, locale: SupportedLocale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

const money = (cents: number, locale: SupportedLocale) =>
  formatMoney(cents, { locale: locale === 'en' ? 'en-IE' : locale === 'fr' ? 'fr-FR' : 'es-ES' })

/** The invoice (or pro forma statement) as a PDF, its words in `locale`, its content as filed. */
export async function renderInvoicePdf(data: InvoiceDocument, locale: SupportedLocale): Promise<Uint8Array> {
  const copy = invoiceCopy[locale]
  const doc = await PDFDocument.create()
  const title = data.number ? `${copy.invoice} ${data.number}` : copy.proForma
  doc.setTitle(`Streamdeals — ${title}`)
  doc.setAuthor(data.issuer?.name ?? 'Streamdeals')
  doc.setLanguage(locale)
  doc.setCreationDate(new Date(data.issuedAt))
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  )
  writer.text(data.number ? copy.invoice : copy.proForma, { size: 18, bold: true, gap: 0 })
  if (data.proForma)
    writer.paragraph(data.proForma === 'in_progress' ? copy.proFormaInProgress : copy.proFormaNoWallet)
  if (data.number) writer.text(`${copy.number} ${data.number}`, { bold: true, gap: 10 })
  writer.text(`${copy.issued}: ${formatDate(data.issuedAt)}`)

  writer.text(copy.issuer, { bold: true, gap: 14 })
  if (data.issuer) {
    writer.text(data.issuer.name)
    for (const line of data.issuer.address) writer.text(line)
    writer.text(countryName(data.issuer.country, locale))
    if (data.issuer.registrationNumber) writer.text(`${copy.registration}: ${data.issuer.registrationNumber}`)
    if (data.issuer.vatNumber) writer.text(`${copy.vatNumber}: ${data.issuer.vatNumber}`)
  } else writer.text('—')

  writer.text(copy.billedTo, { bold: true, gap: 14 })
  writer.text(data.recipient.name)
  for (const line of data.recipient.address) writer.text(line)
  if (data.recipient.vatNumber) writer.text(`${copy.vatNumber}: ${data.recipient.vatNumber}`)

  const mission = localized(data.missionTitle, locale)
  writer.text(`${copy.deal}: ${data.dealCode} — ${mission} (${data.providerName})`, { gap: 14 })
  writer.text(`${copy.period}: ${formatDate(data.periodFrom)} – ${formatDate(data.periodTo)}`)

  writer.text('', { gap: 10 })
  writer.row([copy.description, copy.quantity, copy.unitPrice, copy.amount], true)
  writer.rule()
  if (data.lines.length === 0) writer.row([copy.noEarnings, '', '', money(0, locale)])
  for (const line of data.lines) {
    const label = line.kind === 'click' ? copy.clickLine(mission) : copy.goalLine(mission)
    writer.row([label, String(line.quantity), money(line.unitCents, locale), money(line.amountCents, locale)])
  }
  writer.rule()
  writer.row([copy.net, '', '', money(data.netCents, locale)])
  writer.row([copy.vat(`${data.vat.rate.toLocaleString(locale)} %`), '', '', money(data.vatCents, locale)])
  writer.row([copy.gross, '', '', money(data.grossCents, locale)], true)

  writer.text('', { gap: 10 })
  writer.paragraph(copy.mentions[data.vat.mention])
  writer.paragraph(copy.payment)
  if (data.issuer?.kind === 'business') writer.paragraph(copy.latePayment)
  return doc.save()
}
