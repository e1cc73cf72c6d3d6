import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { useCurrentUser, useSessionLanguage } from '#client/lib/session.ts'
import { statementLink } from '../api'
import { monthLabel, statementMonths } from '../statement-months'

/**
 * "Monthly statement": a month since the account was made, and the PDF of it (opening balance, the
 * month's credits and debits, closing balance) in the interface's language, its amounts written as
 * the app writes money. A link the browser downloads itself, like the CSV.
 */
export function MonthlyStatement({ username }: { username: string }) {
  const user = useCurrentUser()
  const months = statementMonths(user?.createdAt)
  const [picked, setPicked] = useState('')
  const month = months.includes(picked) ? picked : (months[0] ?? '')
  const locale = useSessionLanguage()
  return (
    <section className="wallet-card" aria-labelledby="statement-title">
      <div className="activity-head">
        <h2 id="statement-title">
          <Trans>Monthly statement</Trans>
        </h2>
        <div className="activity-tools">
          <label>
            <span>
              <Trans>Month</Trans>
            </span>
            <select
              value={month}
              data-testid="statement-month"
              onChange={(event) => setPicked(event.currentTarget.value)}
            >
              {months.map((value) => (
                <option key={value} value={value}>
                  {monthLabel(value, locale)}
                </option>
              ))}
            </select>
          </label>
          <a
            className="button button-ghost"
            href={statementLink(username, month, locale)}
            download
            data-testid="statement-download"
          >
            <Trans>Download PDF</Trans>
          </a>
        </div>
      </div>
      <p className="muted">
        <Trans>
          Opening balance, every credit and debit of the month, and closing balance, with our company details
          and yours: the document to keep for your accounts and tax return.
        </Trans>
      </p>
    </section>
  )
}
