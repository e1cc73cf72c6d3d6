import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useOnboardingSteps } from '#client/lib/session.ts'
import type { WalletSummary } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { walletHistoryQueries } from '../history'
import { walletQueries } from '../queries'
import { MinimumLeft } from './minimum-left'

interface NextStep {
  text: ReactNode
  action: ReactNode
  to: string
}

/**
 * What stands between the streamer and their money, one thing at a time: a wallet, the payout
 * minimum, a bank account, the certification, then the payout itself.
 */
function useNextStep(summary: WalletSummary): NextStep {
  const steps = useOnboardingSteps()
  const minimum = formatMoney(summary.minimum)
  if (!summary.walletCreated) {
    return {
      text: <Trans>Create your wallet so your earnings can be paid to you.</Trans>,
      action: <Trans>Create your wallet</Trans>,
      to: namedRoutes['dashboard-deal-payment'],
    }
  }
  if (summary.available.amount < summary.minimum.amount) {
    return {
      text: <MinimumLeft available={summary.available} pending={summary.pending} minimum={summary.minimum} />,
      action: <Trans>See your wallet</Trans>,
      to: namedRoutes['dashboard-deal-payment'],
    }
  }
  if (!steps.bankAccountAdded) {
    return {
      text: <Trans>You reached the payout minimum. Add a bank account to be paid.</Trans>,
      action: <Trans>Add a bank account</Trans>,
      to: namedRoutes['dashboard-account-bank'],
    }
  }
  if (!steps.certificationVerified) {
    return {
      text: <Trans>You reached the payout minimum. Certify your account to request your payout.</Trans>,
      action: <Trans>Certify your account</Trans>,
      to: namedRoutes['dashboard-account-certification'],
    }
  }
  return {
    text: <Trans>You reached the payout minimum of {minimum}.</Trans>,
    action: <Trans>Request your payout</Trans>,
    to: namedRoutes['dashboard-deal-payment'],
  }
}

/**
 * Money at a glance, first thing on the dashboard: today's earnings and clicks (the user's day: see
 * features/wallet/time-zone.ts), the balance split, and the next step towards a payout.
 */
export function TodaySummary({ username }: { username: string }) {
  const { data: summary } = useSuspenseQuery(walletHistoryQueries.summary(username))
  useSuspenseQuery(walletQueries.onboarding(username))
  const next = useNextStep(summary)
  return (
    <section className="today-summary" aria-labelledby="today-title">
      <h2 id="today-title" className="visually-hidden">
        <Trans>Today at a glance</Trans>
      </h2>
      <dl className="stat-tiles">
        <div className="stat-tile stat-main">
          <dt>
            <Trans>Earned today</Trans>
          </dt>
          <dd data-testid="summary-earned-today">{formatMoney(summary.today.earned)}</dd>
        </div>
        <div className="stat-tile">
          <dt>
            <Trans>Clicks today</Trans>
          </dt>
          <dd data-testid="summary-clicks-today">{summary.today.clicks}</dd>
        </div>
        <div className="stat-tile">
          <dt>
            <Trans>Pending</Trans>
          </dt>
          <dd data-testid="summary-pending">{formatMoney(summary.pending)}</dd>
        </div>
        <div className="stat-tile">
          <dt>
            <Trans>Available</Trans>
          </dt>
          <dd data-testid="summary-available">{formatMoney(summary.available)}</dd>
        </div>
      </dl>
      <p className="next-step" data-testid="summary-next-step">
        <span>{next.text}</span> <Link to={next.to}>{next.action}</Link>
      </p>
    </section>
  )
}
