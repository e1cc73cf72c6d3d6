import { Trans } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { answerNewsletterLink } from '../api'

export type NewsletterAction = 'confirm' | 'unsubscribe'

/**
 * Where the newsletter e-mail's links land (`/?newsletter=<token>&action=confirm|unsubscribe`):
 * the action runs once the page is in the browser, and the banner says how it went.
 */
export function NewsletterLanding({ token, action }: { token: string; action: NewsletterAction }) {
  const { mutate, status } = useMutation({
    mutationFn: () => answerNewsletterLink(token, action),
  })
  useEffect(() => mutate(), [mutate])
  if (status === 'idle' || status === 'pending') {
    return (
      <p className="notice" role="status">
        <Trans>Updating your newsletter subscription…</Trans>
      </p>
    )
  }
  if (status === 'error') {
    return (
      <p className="notice notice-error" role="alert">
        <Trans>This link is not valid any more. Subscribe again from the form below.</Trans>
      </p>
    )
  }
  return (
    <p className="notice notice-success" role="status">
      {action === 'confirm' ? (
        <Trans>Your subscription is confirmed. Welcome aboard!</Trans>
      ) : (
        <Trans>You are unsubscribed. You will not receive the newsletter any more.</Trans>
      )}
    </p>
  )
}
