import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { integrationLinkData, trackedLinkPath } from '../../../../../../../shared/deal-links'
import { buildIntegrationLink, NO_LINK } from '../../../../../../../shared/integration-links'
import { regenerateWidgetToken } from '../../../../../../features/deals/api'
import { CopyField } from '../../../../../../features/deals/components/copy-field'
import { dealQueries } from '../../../../../../features/deals/queries'
import { confirm } from '../../../../../../lib/confirm'
import { absoluteLink } from '../../../../../../lib/http'
import { getSession, useSession } from '../../../../../../lib/session'
import { notify } from '../../../../../../lib/toast'

const username = () => getSession().user?.username ?? ''

export const Route = createFileRoute('/_default/dashboard/deal/$status/{-$code}/tools')({
  // A tab inside the deal page: switching tabs must not jump back to the top.
  staticData: { keepScroll: true },
  component: DealToolsPage,
})

function DealToolsPage() {
  const { t } = useLingui()
  const { code } = Route.useParams()
  const { user } = useSession()
  const queryClient = useQueryClient()
  const { data: deal } = useSuspenseQuery(dealQueries.detail(username(), code ?? ''))
  const [busy, setBusy] = useState(false)
  const origin = location.origin
  const missionCode = deal.mission.code
  const owner = deal.user.username
  const target = buildIntegrationLink(
    deal.mission.tools,
    integrationLinkData({
      dealCode: deal.code,
      missionCode,
      username: owner,
      creatorCode: user?.creatorCode,
    }),
  )
  const widgetUrl = deal.widgetToken
    ? `${origin}/widgets/goal?token=${encodeURIComponent(deal.widgetToken)}`
    : ''
  const regenerate = async () => {
    const confirmed = await confirm({
      title: t`Make a new widget link?`,
      message: t`The current widget link stops working at once: update your OBS browser source with the new one.`,
      confirmLabel: t`New link`,
    })
    if (!confirmed) return
    setBusy(true)
    try {
      await regenerateWidgetToken(queryClient, owner, missionCode)
      void notify('success', t`A new widget link is ready`)
    } catch {
      void notify('error', t`The widget link could not be renewed; try again`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="deal-tools">
      <h2>
        <Trans>Tools</Trans>
      </h2>
      <h3>
        <Trans>Tracking link</Trans>
      </h3>
      <p className="muted">
        <Trans>Share this link in your chat and panels: every valid visit counts towards your goal.</Trans>
      </p>
      <CopyField
        label={t`Your tracked link`}
        value={`${origin}${trackedLinkPath('cpc', missionCode, owner)}`}
        testId="tracked-link"
      />
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
      {user?.creatorCode ? <CopyField label={t`Your creator code`} value={user.creatorCode} /> : null}

      <h3>
        <Trans>Goal widget</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Add this URL as a browser source in OBS: it shows your progress live, on a transparent background.
        </Trans>
      </p>
      {widgetUrl ? <CopyField label={t`Widget URL`} value={widgetUrl} testId="widget-url" /> : null}
      <p className="tool-actions">
        <button type="button" className="button button-ghost" onClick={regenerate} disabled={busy}>
          <Trans>Make a new widget link</Trans>
        </button>
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
