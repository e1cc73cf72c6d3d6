import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { Deal } from '#shared/contract/deals.ts'
import { dealRefusal } from '../messages'
import { stopDeal } from '../mutations'

/** Stops an in-progress deal after a confirmation dialog; stopping is final. */
export function StopDealButton({ deal }: { deal: Deal }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (deal.state !== 'inprogress') return null
  const onClick = async () => {
    const confirmed = await confirm({
      title: t`Stop this deal?`,
      message: t`Your tracked link stops earning and the spot goes back to other streamers. This cannot be undone.`,
      confirmLabel: t`Stop the deal`,
      danger: true,
    })
    if (!confirmed) return
    setBusy(true)
    try {
      const outcome = await stopDeal(queryClient, {
        username: deal.user.username,
        missionCode: deal.mission.code,
        missionTitle: deal.mission.title,
      })
      void notify(
        outcome.queued ? 'info' : 'success',
        outcome.queued
          ? t`You are offline: the deal will be stopped once the connection is back`
          : t`The deal is stopped`,
      )
    } catch (error) {
      void notify('error', dealRefusal(i18n, error) ?? t`The deal could not be stopped; try again`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="button button-danger" onClick={onClick} disabled={busy}>
      <Trans>Stop the deal</Trans>
    </button>
  )
}
