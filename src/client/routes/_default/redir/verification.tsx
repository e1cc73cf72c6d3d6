import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { VerificationLanding } from '#client/features/auth/components/verification.tsx'
import { AcceptInvitation } from '#client/features/brand/components/accept-invitation.tsx'

interface VerificationSearch {
  token?: string
  type?: string
}

export const Route = createFileRoute('/_default/redir/verification')({
  validateSearch: (search: Record<string, unknown>): VerificationSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    type: typeof search.type === 'string' ? search.type : undefined,
  }),
  component: VerificationPage,
})

function VerificationPage() {
  const { token, type } = Route.useSearch()
  if (type === 'invite' && token) {
    return (
      <section className="narrow-page">
        <h1>
          <Trans>Brand invitation</Trans>
        </h1>
        <AcceptInvitation token={token} />
      </section>
    )
  }
  return (
    <section className="narrow-page">
      <h1>{type === 'reset' ? <Trans>Choose a new password</Trans> : <Trans>Verification</Trans>}</h1>
      <VerificationLanding token={token} kind={type} />
    </section>
  )
}
