import { Trans, useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useEffect, useId, useRef } from 'react'
import { CountdownText, useNow } from '#client/features/deals/components/mission-countdown.tsx'
import { EstimateText, RewardText } from '#client/features/deals/components/mission-reward.tsx'
import type { Mission } from '#shared/contract/deals.ts'
import { formatDate } from '#shared/format-date.ts'
import './take-mission-dialog.css'

/**
 * "Take this mission?": the mission summed up (reward, goal and what it earns, end date) before the
 * deal is opened. A native modal <dialog>, as the auth modal: focus starts on the confirmation and
 * stays inside, Escape cancels, and focus returns to the button that opened it.
 */
export function TakeMissionDialog({
  mission,
  onConfirm,
  onCancel,
}: {
  mission: Mission
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const summaryId = useId()
  const now = useNow()

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal?.()
    // Focus on the answer most likely given: Enter takes the mission, Escape cancels.
    confirmButton.current?.focus()
    return () => element?.close?.()
  }, [])

  // Closed before it goes, so the page is no longer inert when the opener takes the focus back.
  const cancel = () => {
    dialog.current?.close?.()
    onCancel()
  }
  const confirm = () => {
    dialog.current?.close?.()
    onConfirm()
  }

  // A modal dialog makes the page inert, but Tab past its last button would leave for the browser's
  // own controls: it wraps around inside instead.
  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')]
    const first = buttons[0]
    const last = buttons.at(-1)
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  return (
    <dialog
      ref={dialog}
      className="dialog take-dialog"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault()
        cancel()
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId}>
          <Trans>Take this mission?</Trans>
        </h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={cancel}>
          ×
        </button>
      </div>
      <p className="take-dialog-mission">
        <span className="muted">{mission.provider.name}</span>
        <strong>{mission.title}</strong>
      </p>
      <dl className="take-dialog-summary" id={summaryId}>
        <div>
          <dt>
            <Trans>Reward</Trans>
          </dt>
          <dd>
            <RewardText mission={mission} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Goal</Trans>
          </dt>
          <dd>
            <EstimateText mission={mission} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Ends</Trans>
          </dt>
          <dd>
            {mission.endsAt ? formatDate(mission.endsAt) : <Trans>No end date</Trans>}
            {/* A line of its own: its words start a sentence ("Ends in 3 days"), not a parenthesis. */}
            <span className="muted take-dialog-countdown">
              <CountdownText mission={mission} now={now} />
            </span>
          </dd>
        </div>
      </dl>
      <p className="muted take-dialog-note">
        <Trans>
          Your tracked link and goal widget are ready as soon as you take it. You can stop the deal at any
          time.
        </Trans>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={cancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button" onClick={confirm} ref={confirmButton}>
          <Trans>Yes, take it</Trans>
        </button>
      </div>
    </dialog>
  )
}
