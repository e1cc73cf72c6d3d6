import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { activateLocale, currentLocale } from '#client/lib/i18n.ts'
import { openWidgetSocket } from '#client/lib/socket.ts'
import type { WidgetView } from '#shared/contract/deals.ts'
import { formatMoney, shortenName } from '#shared/format.ts'
import { widgetQueries } from '../queries'
import './goal-widget.css'

// 48 characters: the title stays on one line at 400 px wide with the widget's font scale.
const TITLE_MAX = 48
// How long the "just moved" glow lasts; matches the CSS animation.
const PULSE_MS = 900

/** Joins the widget's room and writes each `widget:progress` into the widget query. */
function useLiveProgress(token: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!token) return
    let closed = false
    const opened = openWidgetSocket().then((socket) => {
      if (closed) socket.disconnect()
      // (Re)join on every connection: a reconnect without recovery starts with no rooms.
      socket.on('connect', () => socket.emit('widget:subscribe', token))
      if (socket.connected) socket.emit('widget:subscribe', token)
      socket.on('widget:progress', (update) => {
        if (update.token !== token) return
        queryClient.setQueryData<WidgetView>(widgetQueries.view(token).queryKey, (view) =>
          view ? { ...view, progress: update.progress, goal: update.goal, state: update.state } : view,
        )
      })
      return socket
    })
    return () => {
      closed = true
      void opened.then((socket) => socket.disconnect())
    }
  }, [queryClient, token])
}

function usePulse(value: number): boolean {
  const [pulsing, setPulsing] = useState(false)
  const previous = useRef(value)
  useEffect(() => {
    if (previous.current === value) return
    previous.current = value
    setPulsing(true)
    const timer = setTimeout(() => setPulsing(false), PULSE_MS)
    return () => clearTimeout(timer)
  }, [value])
  return pulsing
}

/** The stream overlay: mission, animated progress towards the goal, in the brand's theme. */
export function GoalWidget({ token }: { token: string }) {
  const { data, isPending, isError } = useQuery({ ...widgetQueries.view(token), enabled: token !== '' })
  useLiveProgress(token)
  // The labels follow the mission title's language, the streamer's: not the OBS browser's own.
  const language = data?.locale
  useEffect(() => {
    if (language && language !== currentLocale()) void activateLocale(language)
  }, [language])
  const pulsing = usePulse(data?.progress ?? 0)
  if (!token || isError) {
    return (
      <div className="goal-widget goal-widget-theme-default goal-widget-unknown" role="status">
        <p className="goal-widget-title">
          <Trans>This widget link is not valid</Trans>
        </p>
        <p className="goal-widget-meta">
          <Trans>Copy the current link from the deal's tools page.</Trans>
        </p>
      </div>
    )
  }
  if (isPending || !data) return <div className="goal-widget goal-widget-loading" aria-busy="true" />
  return <GoalWidgetView view={data} pulsing={pulsing} />
}

/**
 * What the overlay shows for a view: the live widget above, and the brand portal's preview of a
 * theme (features/brand), which passes a sample view.
 */
export function GoalWidgetView({ view, pulsing = false }: { view: WidgetView; pulsing?: boolean }) {
  const { t } = useLingui()
  const percent = view.goal > 0 ? Math.min(100, (view.progress / view.goal) * 100) : 0
  const reward = formatMoney(view.reward.amount)
  return (
    <div
      className={`goal-widget goal-widget-theme-${view.theme}${pulsing ? ' goal-widget-pulse' : ''}`}
      data-state={view.state}
      data-testid="goal-widget"
    >
      <div className="goal-widget-head">
        <p className="goal-widget-brand">{view.providerName}</p>
        <p className="goal-widget-title" title={view.missionTitle}>
          {shortenName(view.missionTitle, TITLE_MAX)}
        </p>
      </div>
      <div
        className="goal-widget-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={view.goal}
        aria-valuenow={Math.min(view.progress, view.goal)}
        aria-label={t`Progress towards the goal`}
      >
        <div className="goal-widget-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="goal-widget-meta" aria-live="polite">
        <span className="goal-widget-count" data-testid="goal-widget-count">
          {view.progress} / {view.goal}
        </span>
        <span className="goal-widget-status">
          {view.state === 'finished' ? (
            <Trans>Goal reached!</Trans>
          ) : view.state === 'stopped' ? (
            <Trans>Ended</Trans>
          ) : view.reward.model === 'cpc' ? (
            <Trans>{reward} per click</Trans>
          ) : (
            <Trans>{reward} at the goal</Trans>
          )}
        </span>
      </p>
    </div>
  )
}
