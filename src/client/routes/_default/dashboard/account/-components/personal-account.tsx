import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { AvatarUpload } from '#client/features/account/components/avatar-upload.tsx'
import { CreatorCodeForm } from '#client/features/account/components/creator-code-form.tsx'
import { PasswordForm } from '#client/features/account/components/password-form.tsx'
import { ConnectedPlatforms } from '#client/features/account/components/platforms.tsx'
import { ProfileForm } from '#client/features/account/components/profile-form.tsx'
import { useCurrentUser } from '#client/lib/session.ts'

// Its own chunk: the push section is the page's least used part and carries the worker plumbing.
const PushDevices = lazy(() =>
  import('#client/features/push/components/push-devices.tsx').then((module) => ({
    default: module.PushDevices,
  })),
)

// Its own chunk too: the data export and the deletion are rarely opened.
const AccountPrivacy = lazy(() =>
  import('#client/features/account/components/account-privacy.tsx').then((module) => ({
    default: module.AccountPrivacy,
  })),
)

/**
 * The personal account page: profile, password, connected platforms, devices, and the account's data
 * (its export and its deletion). It follows the session's
 * user, so a saved profile or a new picture shows at once.
 */
export function PersonalAccount({ twitchCode, twitchState }: { twitchCode?: string; twitchState?: string }) {
  const user = useCurrentUser()
  // The route's guard let only a signed-in user in; a logout in another tab leaves nothing to show.
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
      <section className="card-section" aria-labelledby="creator-code-heading">
        <h2 id="creator-code-heading">
          <Trans>Creator code</Trans>
        </h2>
        <CreatorCodeForm key={user.creatorCode} user={user} />
      </section>
      <section className="card-section" aria-labelledby="password-heading">
        <h2 id="password-heading">
          <Trans>Password</Trans>
        </h2>
        <PasswordForm user={user} />
      </section>
      {/* Its own section, shown only when there is something to connect or disconnect. */}
      <ConnectedPlatforms username={user.username} twitchCode={twitchCode} twitchState={twitchState} />
      <Suspense fallback={null}>
        <PushDevices username={user.username} />
      </Suspense>
      <Suspense fallback={null}>
        <AccountPrivacy user={user} />
      </Suspense>
    </div>
  )
}
