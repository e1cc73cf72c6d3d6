import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AvatarUpload } from '#client/features/account/components/avatar-upload.tsx'
import { PasswordForm } from '#client/features/account/components/password-form.tsx'
import { ConnectedPlatforms } from '#client/features/account/components/platforms.tsx'
import { ProfileForm } from '#client/features/account/components/profile-form.tsx'
import { useSession } from '#client/lib/session.ts'

interface AccountSearch {
  code?: string
  state?: string
}

export const Route = createFileRoute('/_default/dashboard/account/')({
  // Twitch sends the user back here with `code` and `state`.
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    code: typeof search.code === 'string' ? search.code : undefined,
    state: typeof search.state === 'string' ? search.state : undefined,
  }),
  component: PersonalAccountPage,
})

function PersonalAccountPage() {
  const { user } = useSession()
  const { code, state } = Route.useSearch()
  if (!user) return null
  return (
    <div className="account-page">
      <h1>
        <Trans>Personal information</Trans>
      </h1>
      <section className="card-section" aria-labelledby="profile-heading">
        <h2 id="profile-heading">
          <Trans>Profile</Trans>
        </h2>
        <AvatarUpload user={user} />
        <ProfileForm key={user.email} user={user} />
      </section>
      <section className="card-section" aria-labelledby="password-heading">
        <h2 id="password-heading">
          <Trans>Password</Trans>
        </h2>
        <PasswordForm user={user} />
      </section>
      <section className="card-section" aria-labelledby="platforms-heading">
        <h2 id="platforms-heading">
          <Trans>Connected platforms</Trans>
        </h2>
        <ConnectedPlatforms username={user.username} twitchCode={code} twitchState={state} />
      </section>
    </div>
  )
}
