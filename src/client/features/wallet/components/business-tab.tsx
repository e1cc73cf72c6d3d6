import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Wallet } from '#shared/contract/wallet.ts'
import { WalletForm } from './wallet-form'

/**
 * The business tab of someone paid as a person: their identity is theirs, not a company's, so it is
 * not shown here as one. It says so, and offers the two ways on: certify as a business, or update the
 * personal identity (which the certification page shows and checks).
 */
function PaidAsPerson({
  wallet,
  onCertifyBusiness,
  onEditIdentity,
}: {
  wallet: Wallet
  onCertifyBusiness: () => void
  onEditIdentity: () => void
}) {
  const certified = wallet.stripe.status.person.status === 'verified'
  return (
    <div className="wallet-card" role="note">
      <p>
        {certified ? (
          <Trans>You are certified as a person: payouts and invoices are in your own name.</Trans>
        ) : (
          <Trans>You are paid as a person: payouts and invoices are in your own name.</Trans>
        )}{' '}
        <Trans>You have no business registered, so there is nothing to show on this tab.</Trans>
      </p>
      <p>
        <Trans>
          To be paid through a company instead, certify as a business: enter the company’s details, then send
          its registration document on the{' '}
          <Link to="/dashboard/account/certification">certification page</Link>.
        </Trans>
      </p>
      <p>
        <button type="button" className="button" onClick={onCertifyBusiness}>
          <Trans>Certify as a business</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={onEditIdentity}>
          <Trans>Update my personal identity</Trans>
        </button>
      </p>
    </div>
  )
}

/**
 * The business tab: the wallet form for a business (or a wallet still to create); for someone paid as
 * a person, the explanation first, and the form only once they chose what to change.
 */
export function BusinessTab({ username, wallet }: { username: string; wallet: Wallet | null }) {
  const [editing, setEditing] = useState<'business' | 'person' | null>(null)
  if (wallet?.kind === 'person' && editing === null) {
    return (
      <PaidAsPerson
        wallet={wallet}
        onCertifyBusiness={() => setEditing('business')}
        onEditIdentity={() => setEditing('person')}
      />
    )
  }
  return (
    // key: a wallet changed elsewhere (socket push) re-seeds the form.
    <WalletForm
      key={`${wallet?.updatedAt ?? 'none'}-${editing ?? ''}`}
      username={username}
      wallet={wallet}
      kind={editing ?? undefined}
    />
  )
}
