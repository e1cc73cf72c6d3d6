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
  const { t } = useLingui()
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
  const percent = data.goal > 0 ? Math.min(100, (data.progress / data.goal) * 100) : 0
  const reward = formatMoney(data.reward.amount)
  return (
    <div
      className={`goal-widget goal-widget-theme-${data.theme}${pulsing ? ' goal-widget-pulse' : ''}`}
      data-state={data.state}
      data-testid="goal-widget"
    >
      <div className="goal-widget-head">
        <p className="goal-widget-brand">{data.providerName}</p>
        <p className="goal-widget-title" title={data.missionTitle}>
          {shortenName(data.missionTitle, TITLE_MAX)}
        </p>
      </div>
      <div
        className="goal-widget-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={data.goal}
        aria-valuenow={Math.min(data.progress, data.goal)}
        aria-label={t`Progress towards the goal`}
      >
        <div className="goal-widget-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="goal-widget-meta" aria-live="polite">
        <span className="goal-widget-count" data-testid="goal-widget-count">
          {data.progress} / {data.goal}
        </span>
        <span className="goal-widget-status">
          {data.state === 'finished' ? (
            <Trans>Goal reached!</Trans>
          ) : data.state === 'stopped' ? (
            <Trans>Ended</Trans>
          ) : data.reward.model === 'cpc' ? (
            <Trans>{reward} per click</Trans>
          ) : (
            <Trans>{reward} at the goal</Trans>
          )}
        </span>
      </p>
    </div>
  )
}
