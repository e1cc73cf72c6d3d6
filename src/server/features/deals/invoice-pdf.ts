import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'

export interface InvoiceLine {
  date: Date
  label: string
  amountCents: number
}

export interface InvoiceData {
  dealCode: string
  missionTitle: string
  providerName: string
  username: string
  state: string
  progress: number
  goal: number
  createdAt: Date
  finishedAt: Date | null
  issuedAt: Date
  lines: InvoiceLine[]
}

// A4 in PDF points (1/72 inch), with 50 pt margins: the size every printer and viewer expects.
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN = 50
const LINE_HEIGHT = 16
const BODY_SIZE = 10

/**
 * The standard PDF fonts only know WinAnsi: anything outside it (emoji, CJK) would throw, so it
 * becomes '?'. Narrow no-break spaces from fr-FR number formatting become plain spaces.
 */
function winAnsi(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ').replace(/[^\x20-\x7e\u00a1-\u00ff€’‘“”–—…]/g, '?')
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

  row(cells: [string, string, string], bold = false) {
    this.room(LINE_HEIGHT)
    this.y -= LINE_HEIGHT
    const font = bold ? this.bold : this.font
    const [date, label, amount] = cells.map(winAnsi) as [string, string, string]
    this.page.drawText(date, { x: MARGIN, y: this.y, size: BODY_SIZE, font })
    // 60 characters keep the label clear of the amount column on A4.
    this.page.drawText(label.length > 60 ? `${label.slice(0, 59)}…` : label, {
      x: MARGIN + 90,
      y: this.y,
      size: BODY_SIZE,
      font,
    })
    const width = font.widthOfTextAtSize(amount, BODY_SIZE)
    this.page.drawText(amount, { x: PAGE_WIDTH - MARGIN - width, y: this.y, size: BODY_SIZE, font })
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

/** A PDF statement of a deal's earnings: header, the credited amounts line by line, and the total. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Streamdeals statement ${data.dealCode}`)
  doc.setAuthor('Streamdeals')
  doc.setCreationDate(data.issuedAt)
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  )
  writer.text('Streamdeals', { size: 20, bold: true, gap: 0 })
  writer.text('Earnings statement', { size: 14, gap: 10 })
  writer.text(`Deal: ${data.dealCode}`, { gap: 16 })
  writer.text(`Mission: ${data.missionTitle} (${data.providerName})`)
  writer.text(`Streamer: ${data.username}`)
  writer.text(`State: ${data.state}   Progress: ${data.progress} / ${data.goal}`)
  const until = data.finishedAt ? formatDate(data.finishedAt) : formatDate(data.issuedAt)
  writer.text(`Period: ${formatDate(data.createdAt)} - ${until}`)
  writer.text(`Issued: ${formatDate(data.issuedAt)}`)
  writer.text('', { gap: 10 })
  writer.row(['Date', 'Description', 'Amount'], true)
  writer.rule()
  if (data.lines.length === 0) writer.row(['', 'No earnings yet', formatMoney(0)])
  for (const line of data.lines)
    writer.row([formatDate(line.date), line.label, formatMoney(line.amountCents)])
  writer.rule()
  const total = data.lines.reduce((sum, line) => sum + line.amountCents, 0)
  writer.row(['', 'Total earned', formatMoney(total)], true)
  return doc.save()
}
