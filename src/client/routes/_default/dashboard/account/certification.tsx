import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import {
  CertificationBanner,
  KycDocumentList,
  KycUploadForm,
} from '#client/features/wallet/components/certification.tsx'
import { walletQueries } from '#client/features/wallet/queries.ts'
import { requireWallet } from '#client/lib/guards.ts'
import '#client/features/wallet/wallet.css'

export const Route = createFileRoute('/_default/dashboard/account/certification')({
  // Certification needs a wallet to attach documents to.
  beforeLoad: requireWallet,
  loader: ({ context: { queryClient, username } }) =>
    Promise.all([
      queryClient.ensureQueryData(walletQueries.detail(username)),
      queryClient.ensureQueryData(walletQueries.kycDocuments(username)),
    ]),
  component: CertificationPage,
})

function CertificationPage() {
  const { username } = Route.useRouteContext()
  const { data: wallet } = useSuspenseQuery(walletQueries.detail(username))
  const { data: documents } = useSuspenseQuery(walletQueries.kycDocuments(username))
  if (!wallet) return null
  return (
    <section className="wallet-page">
      <h1>
        <Trans>Certification</Trans>
      </h1>
      <CertificationBanner wallet={wallet} />
      {wallet.stripe.status.person.status === 'verified' ? null : (
        <div className="wallet-card">
          <KycUploadForm username={username} wallet={wallet} />
        </div>
      )}
      <KycDocumentList username={username} documents={documents.items} />
    </section>
  )
}
