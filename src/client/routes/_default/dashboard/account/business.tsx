import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { BusinessTab } from '#client/features/wallet/components/business-tab.tsx'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { requireWallet } from '#client/lib/guards.ts'
import '#client/features/wallet/wallet.css'

export const Route = createFileRoute('/_default/dashboard/account/business')({
  beforeLoad: requireWallet,
  loader: ({ context: { queryClient, username } }) =>
    queryClient.ensureQueryData(walletQueries.detail(username)),
  component: BusinessAccountPage,
})

function BusinessAccountPage() {
  const { username } = Route.useRouteContext()
  const { data: wallet } = useSuspenseQuery(walletQueries.detail(username))
  return (
    <section className="wallet-page">
      <h1>
        <Trans>Business information</Trans>
      </h1>
      <p className="muted">
        <Trans>Who your payouts are made to: yourself, or the company you are paid through.</Trans>
      </p>
      <BusinessTab username={username} wallet={wallet} />
    </section>
  )
}
