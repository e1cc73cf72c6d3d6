import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import {
  BankAccountForm,
  BankAccountList,
  holderNameOf,
} from '#client/features/wallet/components/bank-accounts.tsx'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { requireWallet } from '#client/lib/guards.ts'
import '#client/features/wallet/wallet.css'

export const Route = createFileRoute('/_default/dashboard/account/bank')({
  beforeLoad: requireWallet,
  loader: ({ context: { queryClient, username } }) =>
    queryClient.ensureQueryData(walletQueries.detail(username)),
  component: BankAccountPage,
})

function BankAccountPage() {
  const { username } = Route.useRouteContext()
  const { data: wallet } = useSuspenseQuery(walletQueries.detail(username))
  return (
    <section className="wallet-page">
      <h1>
        <Trans>Bank accounts</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Payouts are sent by SEPA transfer to your default account. Account numbers are always shown masked.
        </Trans>
      </p>
      <div className="wallet-card">
        <BankAccountList username={username} accounts={wallet?.informations.bankAccounts ?? []} />
      </div>
      <div className="wallet-card">
        <BankAccountForm username={username} holderName={holderNameOf(wallet)} />
      </div>
    </section>
  )
}
