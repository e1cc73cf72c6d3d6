import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Mission } from '../../../../../shared/contract/deals'
import { DealList } from '../../../../features/deals/components/deal-list'
import { MissionCard } from '../../../../features/deals/components/mission-card'
import { dealQueries, IN_PROGRESS_STATES, missionQueries } from '../../../../features/deals/queries'
import { ApiException } from '../../../../lib/http'
import { sendOrQueue } from '../../../../lib/offline/mutation-defaults'
import { getSession } from '../../../../lib/session'
import { notify } from '../../../../lib/toast'

const username = () => getSession().user?.username ?? ''

export const Route = createFileRoute('/_default/dashboard/deal/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(missionQueries.list({ excludeCurrentUser: true })),
      queryClient.ensureQueryData(dealQueries.list(username(), IN_PROGRESS_STATES)),
    ]),
  component: AvailableDealsPage,
})

function TakeMissionButton({ mission }: { mission: Mission }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const take = async () => {
    setBusy(true)
    try {
      // Offline, the take is queued (lib/offline): it is sent, and reported, once back online.
      const outcome = await sendOrQueue(queryClient, 'takeMission', {
        username: username(),
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
      const key = error instanceof ApiException ? error.errors.errors?.[0] : undefined
      void notify(
        'error',
        key === 'deal.mission_full' ? t`This mission is full` : t`The mission could not be taken`,
      )
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

function AvailableDealsPage() {
  const { data: missions } = useSuspenseQuery(missionQueries.list({ excludeCurrentUser: true }))
  const { data: running } = useSuspenseQuery(dealQueries.list(username(), IN_PROGRESS_STATES))
  return (
    <section className="deals-page">
      <h1>
        <Trans>Deals</Trans>
      </h1>
      <h2>
        <Trans>In progress</Trans>
      </h2>
      <DealList deals={running.items} empty={<Trans>No deal in progress yet: take a mission below.</Trans>} />
      <h2>
        <Trans>Available missions</Trans>
      </h2>
      {missions.items.length === 0 ? (
        <p className="muted">
          <Trans>No mission is open right now. New missions appear here as brands publish them.</Trans>
        </p>
      ) : (
        <ul className="mission-grid">
          {missions.items.map((mission) => (
            <li key={mission.code}>
              <MissionCard mission={mission}>
                <TakeMissionButton mission={mission} />
              </MissionCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
