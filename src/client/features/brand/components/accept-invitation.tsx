/**
 * The landing of a mailed brand invitation (/redir/verification?token=...&type=invite). Joining is a
 * click by a signed-in account whose address is the invited one: the page says who is signed in, so
 * nobody joins a brand with an account they did not mean to use.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { AuthLink } from '#client/features/auth/auth-link.tsx'
import { ApiException, apiErrorKeys } from '#client/lib/http.ts'
import { useCurrentUser } from '#client/lib/session.ts'
import { redeemInvitation } from '../mutations'

const refusals = {
  'invitation.used': msg`This invitation was already accepted. If it was you, your brand is in your portal.`,
  'invitation.expired': msg`This invitation has expired, or a newer one was sent. Ask the person who invited you for a new one.`,
  'invitation.invalid': msg`This invitation link is not valid. Open it again from the mail.`,
  'invitation.other_address': msg`This invitation was sent to another e-mail address. Sign in with the account that uses that address (or create one with it), then open the link again.`,
}

function refusalText(i18n: I18n, error: unknown): string {
  const fieldKeys = error instanceof ApiException ? (error.errors.children?.token?.errors ?? []) : []
  for (const key of [...fieldKeys, ...apiErrorKeys(error)]) {
    if (key in refusals) return i18n._(refusals[key as keyof typeof refusals])
  }
  return i18n._(msg`Something went wrong. Please try again.`)
}

export function AcceptInvitation({ token }: { token: string }) {
  const { t, i18n } = useLingui()
  const user = useCurrentUser()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const back = `/redir/verification?${new URLSearchParams({ token, type: 'invite' })}`

  if (!user) {
    return (
      <>
        <p>
          <Trans>
            You are invited to run a brand on Streamdeals. Sign in with the account that uses the invited
            e-mail address, or create an account with that address, to accept.
          </Trans>
        </p>
        <p className="muted">
          <Trans>
            If an account already uses that address but you cannot sign in to it, ask for a new password with
            the address: the mail reaches you.
          </Trans>
        </p>
        <div className="link-actions">
          <AuthLink mode="login" redirect={back} className="button">
            <Trans>Log in</Trans>
          </AuthLink>
          <AuthLink mode="registration" redirect={back} className="link-button">
            <Trans>Create an account</Trans>
          </AuthLink>
        </div>
      </>
    )
  }

  const accept = async () => {
    setPending(true)
    setError(null)
    try {
      const provider = await redeemInvitation(queryClient, token)
      await navigate({ to: '/dashboard/provider/$slug', params: { slug: provider.slug } })
    } catch (failure) {
      setError(refusalText(i18n, failure))
    } finally {
      setPending(false)
    }
  }
  return (
    <>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p>
        <Trans>
          You are signed in as {user.username} ({user.email}). Accepting adds this account to the brand that
          invited you.
        </Trans>
      </p>
      <button
        type="button"
        className="button"
        disabled={pending}
        onClick={() => void accept()}
        aria-label={t`Accept the invitation`}
      >
        <Trans>Accept the invitation</Trans>
      </button>
    </>
  )
}
