/**
 * A wallet's monthly statement: the month checked against the clock and the account's age, the
 * ledger of the month read, the identities named, the PDF made. A month not begun yet, or before the
 * account existed, is refused (400 on `month`): such a statement would certify a period the holder
 * had no account in; the app only offers the months since the account was made.
 */
import type { LegalIdentity } from '#server/config-legal.ts'
import type { Executor } from '#server/db/client.ts'
import { fieldInvalid, notFound } from '#server/http/api-error.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { walletIdentity } from './identity-service'
import { renderStatementPdf } from './statement-pdf'
import { readStatementLedger } from './statement-repository'

/** The month (YYYY-MM) `at` falls in, in the time zone `tz`. */
function monthIn(at: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    timeZone: tz,
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}`
}

export async function monthlyStatementPdf(
  db: Executor,
  platform: LegalIdentity,
  request: {
    userId: string
    username: string
    month: string
    tz: string | undefined
    locale: SupportedLocale
    now?: Date
  },
): Promise<Uint8Array> {
  const tz = request.tz ?? 'UTC'
  const now = request.now ?? new Date()
  if (request.month > monthIn(now, tz)) throw fieldInvalid('month', 'validation.date')
  const ledger = await readStatementLedger(db, {
    userId: request.userId,
    month: request.month,
    tz,
    locale: request.locale,
  })
  if (!ledger) throw notFound('This user does not exist')
  if (request.month < monthIn(ledger.accountCreatedAt, tz)) throw fieldInvalid('month', 'validation.date')
  return renderStatementPdf(
    {
      month: request.month,
      tz,
      issuedAt: now,
      username: request.username,
      platform,
      holder: await walletIdentity(db, request.userId),
      openingCents: ledger.openingCents,
      lines: ledger.lines,
    },
    request.locale,
  )
}
