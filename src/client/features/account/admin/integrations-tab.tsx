import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { AdminIntegration } from '#shared/contract/access.ts'
import { adminAccountQueries } from './admin-queries'

/**
 * Admin tab: the optional services and why one is off. Users never see a service that is off (the
 * Twitch connection is simply not offered); the admin reads here which settings switch it on.
 */
export function IntegrationsTab() {
  const { t } = useLingui()
  const { data, status } = useQuery(adminAccountQueries.integrations())
  const labels: Record<AdminIntegration['name'], { name: string; use: string }> = {
    twitch: { name: 'Twitch', use: t`Streamers connect their Twitch account on their account page.` },
    turnstile: { name: 'Turnstile', use: t`The anti-robot check on sign-up, sign-in and the contact form.` },
    smtp: { name: t`E-mail`, use: t`Verification, password reset and notification mails.` },
  }
  if (status === 'error')
    return (
      <p role="alert">
        <Trans>The integrations could not be loaded.</Trans>
      </p>
    )
  return (
    <ul className="link-list integrations">
      {(data?.items ?? []).map((item) => (
        <li key={item.name} data-testid={`integration-${item.name}`}>
          <p>
            <strong>{labels[item.name].name}</strong> —{' '}
            {item.enabled ? <Trans>On</Trans> : <Trans>Off</Trans>}
          </p>
          <p className="muted">{labels[item.name].use}</p>
          {item.enabled ? null : (
            <p>
              <Trans>
                Off because these settings are not set on the server: <code>{item.settings.join(', ')}</code>.
                Set them (see the configuration table of the README) and restart it.
              </Trans>
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
