/**
 * The layout every document the server prints shares (deal invoices, monthly statements): A4 pages,
 * Helvetica, a writer that flows text, rows and rules down the page and starts a new page when one is
 * full, and the blocks both documents print the same way (a party's identity, amounts in the reader's
 * number format).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import type { SupportedLocale } from '#server/http/locale.ts'
import { formatMoney, moneyLocale } from '#shared/format.ts'

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

/** `text` as is when it fits `width` at the body size, else cut to fit with an ellipsis. */
function fitted(font: PDFFont, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, BODY_SIZE) <= width) return text
  let end = text.length
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end).trimEnd()}…`, BODY_SIZE) > width) end -= 1
  return `${text.slice(0, end).trimEnd()}…`
}

class PdfWriter {
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

  /** A label and three right-aligned columns (quantity, unit price, amount; or date, count, amount). */
  row(cells: [string, string, string, string], bold = false) {
    this.room(LINE_HEIGHT)
    this.y -= LINE_HEIGHT
    const font = bold ? this.bold : this.font
    const [label, second, third, amount] = cells.map(winAnsi) as [string, string, string, string]
    const edges = [PAGE_WIDTH - MARGIN - 190, PAGE_WIDTH - MARGIN - 95, PAGE_WIDTH - MARGIN]
    const columns = [second, third, amount]
    // The label ends 8 pt before the first number column that holds something, measured in the font.
    const firstStart = Math.min(
      ...columns.map((value, index) =>
        value ? (edges[index] ?? PAGE_WIDTH) - font.widthOfTextAtSize(value, BODY_SIZE) : PAGE_WIDTH,
      ),
    )
    this.page.drawText(fitted(font, label, firstStart - 8 - MARGIN), {
      x: MARGIN,
      y: this.y,
      size: BODY_SIZE,
      font,
    })
    columns.forEach((value, index) => {
      if (!value) return
      this.page.drawText(value, {
        x: (edges[index] ?? PAGE_WIDTH) - font.widthOfTextAtSize(value, BODY_SIZE),
        y: this.y,
        size: BODY_SIZE,
        font,
      })
    })
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

/** A new PDF with its metadata set, and the writer of its first page. */
export async function newPdf(meta: {
  title: string
  author: string
  locale: SupportedLocale
  createdAt: Date
}): Promise<{ doc: PDFDocument; writer: PdfWriter }> {
  const doc = await PDFDocument.create()
  doc.setTitle(meta.title)
  doc.setAuthor(meta.author)
  doc.setLanguage(meta.locale)
  doc.setCreationDate(meta.createdAt)
  const writer = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  )
  return { doc, writer }
}

/** "DE" → "Allemagne" in French: the country of an address, named in the reader's language. */
function countryName(code: string, locale: SupportedLocale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** Cents as the reader's language writes money (the app's formatter: 1 234,50 € in French). */
export const pdfMoney = (cents: number, locale: SupportedLocale) =>
  formatMoney(cents, { locale: moneyLocale(locale) })

/** "Label: value", with the narrow no-break space French writes before the colon. */
export const labelled = (label: string, value: string, locale: SupportedLocale) =>
  `${label}${locale === 'fr' ? '\u202f' : ''}: ${value}`

/** A party to a document: a person or a business, or the platform itself. */
export interface PdfParty {
  name: string
  address: string[]
  /** ISO code; printed as the country's name. Left out when the address lines already end with it. */
  country?: string | undefined
  registrationNumber?: string | undefined
  vatNumber?: string | undefined
}

/** A party's block: heading, name, address, country, registration and VAT numbers when it has them. */
export function printParty(
  writer: PdfWriter,
  heading: string,
  party: PdfParty | null,
  labels: { registration: string; vatNumber: string },
  locale: SupportedLocale,
) {
  writer.text(heading, { bold: true, gap: 14 })
  if (!party) {
    writer.text('—')
    return
  }
  writer.text(party.name)
  for (const line of party.address) writer.text(line)
  if (party.country) writer.text(countryName(party.country, locale))
  if (party.registrationNumber) writer.text(labelled(labels.registration, party.registrationNumber, locale))
  if (party.vatNumber) writer.text(labelled(labels.vatNumber, party.vatNumber, locale))
}
