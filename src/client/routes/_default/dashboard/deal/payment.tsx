import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { BalanceCard } from '#client/features/wallet/components/balance-card.tsx'
import { EarningsChart } from '#client/features/wallet/components/earnings-chart.tsx'
import { MonthlyStatement } from '#client/features/wallet/components/monthly-statement.tsx'
import { OnboardingSteps } from '#client/features/wallet/components/onboarding-steps.tsx'
import { PayoutForm } from '#client/features/wallet/components/payout-form.tsx'
import { WalletForm } from '#client/features/wallet/components/wallet-form.tsx'
import { ActivityList, PayoutHistory } from '#client/features/wallet/components/wallet-history.tsx'
import { walletHistoryQueries } from '#client/features/wallet/history.ts'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { formatMoney } from '#shared/format.ts'
import '#client/features/wallet/wallet.css'

export const Route = createFileRoute('/_default/dashboard/deal/payment')({
  loader: ({ context: { queryClient, username } }) =>
    Promise.all([
      queryClient.ensureQueryData(walletQueries.detail(username)),
      queryClient.ensureQueryData(walletHistoryQueries.summary(username)),
      // ensure, not prefetch: a prefetch of stale data waits for the network, and offline that is forever.
      queryClient.ensureInfiniteQueryData(walletHistoryQueries.activity(username)),
      queryClient.ensureQueryData(walletQueries.payouts(username)),
      queryClient.ensureQueryData(walletQueries.onboarding(username)),
    ]),
  component: WalletPage,
})

function WalletPage() {
  const { username } = Route.useRouteContext()
  const { data: wallet } = useSuspenseQuery(walletQueries.detail(username))
  const { data: summary } = useSuspenseQuery(walletHistoryQueries.summary(username))
  const { data: payouts } = useSuspenseQuery(walletQueries.payouts(username))
  // Before the wallet is created, its row may already hold earnings: what the summary's split adds up to.
  const earned = summary.available.amount + summary.pending.amount

  return (
    <section className="wallet-page">
      <h1>
        <Trans>Wallet</Trans>
      </h1>
      <OnboardingSteps username={username} />
      {wallet ? (
        <div className="wallet-grid">
          <BalanceCard wallet={wallet} minimum={payouts.minimum} />
          <PayoutForm username={username} wallet={wallet} minimum={payouts.minimum} />
        </div>
      ) : (
        <section className="wallet-card" aria-labelledby="create-wallet-title">
          <h2 id="create-wallet-title">
            <Trans>Create your wallet</Trans>
          </h2>
          <p className="muted">
            {earned > 0 ? (
              <Trans>You have already earned {formatMoney(earned)}. Create your wallet to be paid.</Trans>
            ) : (
              <Trans>
                Your earnings are kept in your wallet until you ask for a payout. Tell us who is paid.
              </Trans>
            )}
          </p>
          <WalletForm username={username} wallet={null} />
        </section>
      )}
      {summary.days.some((day) => day.earned.amount !== 0) ? (
        <section className="wallet-card" aria-labelledby="earnings-title">
          <h2 id="earnings-title">
            <Trans>Earnings over the last 30 days</Trans>
          </h2>
          <EarningsChart days={summary.days} />
        </section>
      ) : null}
      <PayoutHistory payouts={payouts.items} accounts={wallet?.informations.bankAccounts ?? []} />
      <ActivityList username={username} />
      <MonthlyStatement username={username} />
    </section>
  )
}
