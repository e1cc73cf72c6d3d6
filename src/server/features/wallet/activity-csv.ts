/**
 * The wallet history's CSV export in the user's language: headers, kinds and descriptions in words
 * the user reads, cells split and amounts written the way the spreadsheet of that language expects
 * (`csvDialect`), UTF-8 with a byte order mark (Excel reads accents only then). Streamed a page at a
 * time with the same keyset as the list.
 */
import { Readable } from 'node:stream'
import type { Executor } from '#server/db/client.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { CSV_BOM, csvAmount, csvDialect, csvText } from '#server/lib/csv.ts'
import type { ActivityRow, TransactionKind } from '#shared/contract/wallet.ts'
import { type ActivityFilter, readPage } from './wallet-activity'

/** 500: the export reads the history in pages of this many rows, so a long one never sits in memory. */
const EXPORT_PAGE_SIZE = 500

interface CsvCopy {
  header: [string, string, string, string, string, string, string]
  kinds: Record<TransactionKind, string>
  earning: string
  payout: string
  /** `reason`: what the operator wrote (their words, not translated); empty when none. */
  rejected: (reason: string) => string
  payoutFailed: (reason: string) => string
  /** 2026-11-20 as the language writes a day. */
  day: (iso: string) => string
}

// French typography: a narrow no-break space before the colon.
const NNBSP = '\u202f'
const dayFirst = (iso: string) => iso.split('-').reverse().join('/')
const withReason = (label: string, reason: string, colon = ': ') =>
  reason ? `${label}${colon}${reason}` : label

const copies: Record<SupportedLocale, CsvCopy> = {
  en: {
    header: ['Date', 'Type', 'Mission', 'Description', 'Count', 'Amount', 'Currency'],
    kinds: {
      earning: 'Earnings',
      earning_reversal: 'Earnings refused',
      payout: 'Payout',
      payout_reversal: 'Payout returned',
      adjustment: 'Adjustment',
    },
    earning: 'Earnings from the deal',
    payout: 'Payout to your bank account',
    rejected: (reason) => withReason('Earnings refused', reason),
    payoutFailed: (reason) => withReason('Payout failed, amount returned to the wallet', reason),
    day: (iso) => iso,
  },
  fr: {
    header: ['Date', 'Type', 'Mission', 'Description', 'Nombre', 'Montant', 'Devise'],
    kinds: {
      earning: 'Gains',
      earning_reversal: 'Gains refusés',
      payout: 'Virement',
      payout_reversal: 'Virement retourné',
      adjustment: 'Ajustement',
    },
    earning: 'Gains du deal',
    payout: 'Virement vers votre compte bancaire',
    rejected: (reason) => withReason('Gains refusés', reason, `${NNBSP}: `),
    payoutFailed: (reason) =>
      withReason('Virement échoué, montant rendu au portefeuille', reason, `${NNBSP}: `),
    day: dayFirst,
  },
  es: {
    header: ['Fecha', 'Tipo', 'Misión', 'Descripción', 'Cantidad', 'Importe', 'Moneda'],
    kinds: {
      earning: 'Ganancias',
      earning_reversal: 'Ganancias rechazadas',
      payout: 'Transferencia',
      payout_reversal: 'Transferencia devuelta',
      adjustment: 'Ajuste',
    },
    earning: 'Ganancias del deal',
    payout: 'Transferencia a tu cuenta bancaria',
    rejected: (reason) => withReason('Ganancias rechazadas', reason),
    payoutFailed: (reason) => withReason('Transferencia fallida, importe devuelto al monedero', reason),
    day: dayFirst,
  },
}

/**
 * The ledger keeps one English description per entry, written by the server with a fixed prefix
 * ("Earnings rejected (CODE): reason", "Payout failed: reason"); the operator's reason after it (and
 * an adjustment's description, all the operator's) is kept as written, the rest is said in the user's
 * language.
 */
function description(row: ActivityRow, copy: CsvCopy): string {
  const after = (prefix: RegExp) => row.description.replace(prefix, '').trim()
  switch (row.kind) {
    case 'earning':
      return copy.earning
    case 'earning_reversal':
      return copy.rejected(after(/^Earnings rejected( \([^)]*\))?:?/))
    case 'payout':
      return copy.payout
    case 'payout_reversal':
      return copy.payoutFailed(after(/^Payout failed:?/))
    case 'adjustment':
      // The operator's own words: the type column already says it is an adjustment.
      return row.description
  }
}

function csvLine(row: ActivityRow, locale: SupportedLocale): string {
  const copy = copies[locale]
  const { separator, decimal } = csvDialect(locale)
  return [
    copy.day(row.day),
    csvText(copy.kinds[row.kind]),
    csvText(row.deal?.title ?? ''),
    csvText(description(row, copy)),
    String(row.count),
    csvAmount(row.amount.amount, decimal),
    row.amount.currency,
  ].join(separator)
}

/** The whole grouped history as CSV lines, in `filter.locale`. */
export function activityCsv(db: Executor, filter: ActivityFilter): Readable {
  const { separator } = csvDialect(filter.locale)
  async function* lines() {
    yield `${CSV_BOM}${copies[filter.locale].header.map(csvText).join(separator)}\r\n`
    let cursor: [string, number] | undefined
    do {
      const page = await readPage(db, filter, EXPORT_PAGE_SIZE, cursor)
      if (page.items.length > 0)
        yield `${page.items.map((row) => csvLine(row, filter.locale)).join('\r\n')}\r\n`
      cursor = page.next
    } while (cursor)
  }
  return Readable.from(lines())
}
