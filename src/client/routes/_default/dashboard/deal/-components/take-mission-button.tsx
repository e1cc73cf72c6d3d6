import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { dealRefusal } from '#client/features/deals/messages.ts'
import { takeMission } from '#client/features/deals/mutations.ts'
import { missionQueries } from '#client/features/deals/queries.ts'
import { notify } from '#client/lib/toast.ts'
import type { Mission } from '#shared/contract/deals.ts'

/** Takes a mission, then opens the new deal's tools (its tracked link); offline, the take is queued. */
export function TakeMissionButton({ mission, username }: { mission: Mission; username: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const take = async () => {
    setBusy(true)
    try {
      const outcome = await takeMission(queryClient, {
        username,
        missionCode: mission.code,
        missionTitle: mission.title,
      })
      if (outcome.queued) {
        void notify('info', t`You are offline: the mission will be taken once the connection is back`)
        return
      }
      const deal = outcome.result
      void notify('success', t`Mission taken: your tracking link is ready`)
      await navigate({
        to: '/dashboard/deal/$status/{-$code}/tools',
        params: { status: deal.state, code: deal.mission.code },
      })
    } catch (error) {
      void notify('error', dealRefusal(i18n, error) ?? t`The mission could not be taken`)
      // Full or closed meanwhile: the list shows the missions as they are now.
      void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className="button button-block"
      onClick={take}
      disabled={busy || mission.spotsLeft === 0}
      aria-label={t`Take the mission ${mission.title}`}
    >
      <Trans>Take this mission</Trans>
    </button>
  )
}
