import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { PendingPage } from '#client/components/ui/pending-page.tsx'
import { VerificationLanding } from '#client/features/auth/components/verification.tsx'

/**
 * Loaded only for an invitation link: a static import made this route, which every sign-up's
 * e-mail link opens, name the brand portal's chunk and its dependencies among its own.
 */
const AcceptInvitation = lazy(() =>
  import('#client/features/brand/components/accept-invitation.tsx').then((module) => ({
    default: module.AcceptInvitation,
  })),
)

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
        <Suspense fallback={<PendingPage />}>
          <AcceptInvitation token={token} />
        </Suspense>
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
