import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { dealRefusal } from '#client/features/deals/messages.ts'
import { takeMission, useTakeQueued } from '#client/features/deals/mutations.ts'
import { missionQueries } from '#client/features/deals/queries.ts'
import { requestTrackedLinkFocus } from '#client/features/deals/tracked-link-focus.ts'
import { notify } from '#client/lib/toast.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { TakeMissionDialog } from './take-mission-dialog'

/**
 * Takes a mission once the user confirms its summary, then opens the new deal's tools (its tracked
 * link, focused, at the top of the page); offline, the take is queued.
 */
export function TakeMissionButton({
  mission,
  username,
  className = 'button button-block',
}: {
  mission: Mission
  username: string
  className?: string
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const queued = useTakeQueued(mission.code)
  const button = useRef<HTMLButtonElement>(null)
  const cancel = () => {
    setConfirming(false)
    // Back where the user was: the dialog is gone, its opener takes the focus again.
    button.current?.focus()
  }
  const take = async () => {
    setConfirming(false)
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
      requestTrackedLinkFocus()
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
    <>
      <button
        ref={button}
        type="button"
        className={className}
        onClick={() => setConfirming(true)}
        disabled={busy || queued || mission.spotsLeft === 0}
        aria-label={queued ? undefined : t`Take the mission ${mission.title}`}
        aria-haspopup="dialog"
      >
        {queued ? <Trans>Waiting for the connection to take it</Trans> : <Trans>Take this mission</Trans>}
      </button>
      {confirming ? <TakeMissionDialog mission={mission} onConfirm={take} onCancel={cancel} /> : null}
    </>
  )
}
