import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { renewWidgetToken } from '#client/features/deals/mutations.ts'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { Deal } from '#shared/contract/deals.ts'

/** Replaces the deal's widget link after a confirmation: the old link stops working at once. */
export function RenewWidgetLinkButton({ deal }: { deal: Deal }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const renew = async () => {
    const confirmed = await confirm({
      title: t`Make a new widget link?`,
      message: t`The current widget link stops working at once: update your OBS browser source with the new one.`,
      confirmLabel: t`New link`,
    })
    if (!confirmed) return
    setBusy(true)
    try {
      await renewWidgetToken(queryClient, deal.user.username, deal.mission.code)
      void notify('success', t`A new widget link is ready`)
    } catch {
      void notify('error', t`The widget link could not be renewed; try again`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="button button-ghost" onClick={renew} disabled={busy}>
      <Trans>Make a new widget link</Trans>
    </button>
  )
}
