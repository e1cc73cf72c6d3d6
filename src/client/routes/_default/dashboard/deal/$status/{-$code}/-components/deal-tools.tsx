import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { CopyField } from '#client/features/deals/components/copy-field.tsx'
import { GoLiveKit } from '#client/features/deals/components/go-live-kit.tsx'
import { OverlayStudio } from '#client/features/deals/overlays/overlay-studio.tsx'
import { takeTrackedLinkFocus } from '#client/features/deals/tracked-link-focus.ts'
import { absoluteLink } from '#client/lib/http.ts'
import type { Deal } from '#shared/contract/deals.ts'
import { integrationLinkData, trackedLinkPath } from '#shared/deal-links.ts'
import { buildIntegrationLink, NO_LINK } from '#shared/integration-links.ts'
import { RenewWidgetLinkButton } from './renew-widget-link-button'

/** The deal's tools tab: tracked links, the go-live kit, stream overlays and the earnings statement. */
export function DealTools({ deal, creatorCode }: { deal: Deal; creatorCode: string | undefined }) {
  const { t } = useLingui()
  const origin = location.origin
  const missionCode = deal.mission.code
  const owner = deal.user.username
  const target = buildIntegrationLink(
    deal.mission.tools,
    integrationLinkData({
      dealCode: deal.code,
      missionCode,
      username: owner,
      creatorCode,
    }),
  )
  const section = useRef<HTMLElement>(null)
  // Just taken: the page opens at its top with the tracked link focused, ready to copy.
  useEffect(() => {
    if (!takeTrackedLinkFocus()) return
    section.current
      ?.querySelector<HTMLInputElement>('[data-testid="tracked-link"]')
      ?.focus({ preventScroll: true })
    window.scrollTo({ top: 0, left: 0 })
  }, [])
  const trackedLink = `${origin}${trackedLinkPath('cpc', missionCode, owner)}`
  return (
    <section className="deal-tools" ref={section}>
      <h2>
        <Trans>Tools</Trans>
      </h2>
      <h3>
        <Trans>Tracking link</Trans>
      </h3>
      <p className="muted">
        <Trans>Share this link in your chat and panels: every valid visit counts towards your goal.</Trans>
      </p>
      <CopyField label={t`Your tracked link`} value={trackedLink} testId="tracked-link" />
      <CopyField
        label={t`Landing page with your creator code`}
        value={`${origin}${trackedLinkPath('check', missionCode, owner)}`}
      />
      <p className="muted">
        {target === NO_LINK ? (
          <Trans>This mission has no partner link: your tracked link shows your code instead.</Trans>
        ) : (
          <Trans>
            Viewers land on: <span className="break-all">{target}</span>
          </Trans>
        )}
      </p>
      {creatorCode ? <CopyField label={t`Your creator code`} value={creatorCode} /> : null}

      <GoLiveKit source={{ missionCode, missionTitle: deal.mission.title, trackedLink }} />

      <h3>
        <Trans>Stream overlays</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Add these URLs as browser sources in OBS or Streamlabs: they show your progress and every paid click
          live, on a transparent background.
        </Trans>
      </p>
      {deal.widgetToken ? (
        <OverlayStudio token={deal.widgetToken} username={owner} missionCode={missionCode} />
      ) : null}
      <p className="tool-actions">
        <RenewWidgetLinkButton deal={deal} />
      </p>

      <h3>
        <Trans>Statement</Trans>
      </h3>
      <p>
        <a
          className="button button-ghost"
          href={absoluteLink('userDealInvoice', { username: owner, code: missionCode })}
          download
        >
          <Trans>Download the earnings statement (PDF)</Trans>
        </a>
      </p>
    </section>
  )
}
