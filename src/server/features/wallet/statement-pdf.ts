/**
 * The monthly statement as a PDF, in the reader's language: the platform that issues it and the
 * holder it is for, then a bank-statement table (opening balance, the month's lines in debit and
 * credit columns, the month's totals, closing balance) and the VAT mention of the holder's status.
 */
import type { LegalIdentity } from '#server/config-legal.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { labelled, newPdf, pdfMoney, printParty } from '#server/lib/pdf-layout.ts'
import { moneyLocale } from '#shared/format.ts'
import type { WalletIdentity } from './identity-service'
import { type StatementCopy, statementCopy } from './statement-copy'
import type { StatementLine } from './statement-repository'

export interface StatementDocument {
  /** YYYY-MM */
  month: string
  tz: string
  issuedAt: Date
  username: string
  platform: LegalIdentity
  holder: WalletIdentity | null
  openingCents: number
  lines: StatementLine[]
}

/** The month's sums: what came in, what went out, and the balance they leave. */
function statementTotals(data: Pick<StatementDocument, 'openingCents' | 'lines'>) {
  const creditCents = data.lines.reduce((sum, line) => sum + Math.max(line.amountCents, 0), 0)
  const debitCents = data.lines.reduce((sum, line) => sum + Math.min(line.amountCents, 0), 0)
  return { creditCents, debitCents, closingCents: data.openingCents + creditCents + debitCents }
}

function label(line: StatementLine, copy: StatementCopy): string {
  const deal = line.deal ? `${line.deal.title} (${line.deal.code})` : null
  switch (line.kind) {
    case 'earning':
      return deal ? copy.earning(deal) : copy.earningWithoutDeal
    case 'earning_reversal':
      return copy.earningReversal(deal ?? '—')
    case 'payout':
      return copy.payout
    case 'payout_reversal':
      return copy.payoutReversal
    case 'adjustment':
      // The operator's own words, as written.
      return copy.adjustment(line.description)
  }
}

/** The VAT sentence of the holder's status; a person's earnings are income, no VAT is said. */
function vatSentence(holder: WalletIdentity | null, copy: StatementCopy): string {
  if (!holder || holder.kind === 'person') return copy.privatePerson
  if (holder.vatNumber) return copy.vatRegistered(holder.vatNumber)
  return holder.country.toUpperCase() === 'FR' ? copy.franchise : copy.noVatNumber
}

export async function renderStatementPdf(
  data: StatementDocument,
  locale: SupportedLocale,
): Promise<Uint8Array> {
  const copy = statementCopy[locale]
  const numberLocale = moneyLocale(locale)
  const [year, month] = data.month.split('-').map(Number) as [number, number]
  const monthName = new Intl.DateTimeFormat(numberLocale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)))
  // 03/11/2026 in all three languages; a line of several days says 03/11–28/11.
  const numeric = { day: '2-digit', month: '2-digit', year: 'numeric' } as const
  const day = new Intl.DateTimeFormat(numberLocale, { ...numeric, timeZone: data.tz })
  const dayMonth = new Intl.DateTimeFormat(numberLocale, {
    day: '2-digit',
    month: '2-digit',
    timeZone: data.tz,
  })
  const calendarDay = (d: number) =>
    new Intl.DateTimeFormat(numberLocale, { ...numeric, timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, d)),
    )
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const money = (cents: number) => pdfMoney(cents, locale)
  const title = copy.title(monthName)

  const { doc, writer } = await newPdf({
    title: `Streamdeals — ${title}`,
    author: data.platform.name,
    locale,
    createdAt: data.issuedAt,
  })
  writer.text(title, { size: 18, bold: true, gap: 0 })
  writer.text(labelled(copy.issued, day.format(data.issuedAt), locale), { gap: 10 })
  writer.text(labelled(copy.period, `${calendarDay(1)} – ${calendarDay(lastDay)}`, locale))
  writer.text(labelled(copy.account, data.username, locale))

  // The platform's address lines end with its country already.
  printParty(writer, copy.issuer, { ...data.platform, country: undefined }, copy, locale)
  printParty(writer, copy.holder, data.holder, copy, locale)

  writer.text('', { gap: 10 })
  writer.row([copy.description, copy.date, copy.debit, copy.credit], true)
  writer.rule()
  writer.row([copy.opening, calendarDay(1), '', money(data.openingCents)], true)
  if (data.lines.length === 0) writer.row([copy.noMovement, '', '', ''])
  for (const line of data.lines) {
    const first = day.format(line.firstAt)
    const when =
      first === day.format(line.lastAt)
        ? first
        : `${dayMonth.format(line.firstAt)}–${dayMonth.format(line.lastAt)}`
    const amount = money(Math.abs(line.amountCents))
    writer.row([
      label(line, copy),
      when,
      line.amountCents < 0 ? amount : '',
      line.amountCents < 0 ? '' : amount,
    ])
  }
  const totals = statementTotals(data)
  writer.rule()
  writer.row([copy.totals, '', money(-totals.debitCents), money(totals.creditCents)])
  writer.row([copy.closing, calendarDay(lastDay), '', money(totals.closingCents)], true)

  writer.text('', { gap: 10 })
  writer.paragraph(vatSentence(data.holder, copy))
  writer.paragraph(copy.note)
  return doc.save()
}
