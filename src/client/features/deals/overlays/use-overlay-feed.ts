/**
 * An overlay's live data: the widget view (in the URL's language), the progress pushed to the deal's
 * widget room, and the alerts it calls for. The socket reconnects by itself after a network drop; back
 * without the missed pushes, the overlay refetches and shows the current state (without alerting for
 * what it missed). `live` says whether the overlay has joined the room, so pushes reach it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { openWidgetSocket } from '#client/lib/socket.ts'
import type { WidgetView } from '#shared/contract/deals.ts'
import { widgetQueries } from '../queries'
import { type AlertInput, alertFromProgress, testAlert } from './alert-queue'
import type { OverlaySettings } from './overlay-settings'

type Known = Pick<WidgetView, 'progress' | 'state'>

export function useOverlayFeed(settings: OverlaySettings, onAlert?: (alert: AlertInput) => void) {
  const { token } = settings
  const locale = settings.lang ?? ''
  const queryClient = useQueryClient()
  const query = useQuery({ ...widgetQueries.view(token, locale), enabled: token !== '' })
  const known = useRef<Known | null>(null)
  const [live, setLive] = useState(false)
  const alertTo = useRef(onAlert)
  alertTo.current = onAlert

  // Every answer of the server (first load, refetch after a reconnect) is the new baseline.
  const data = query.data
  useEffect(() => {
    if (data) known.current = { progress: data.progress, state: data.state }
  }, [data])

  useEffect(() => {
    if (!token) return
    const { queryKey } = widgetQueries.view(token, locale)
    let closed = false
    const opened = openWidgetSocket().then((socket) => {
      if (closed) {
        socket.disconnect()
        return socket
      }
      let connectedBefore = false
      const subscribe = () =>
        socket.emit('widget:subscribe', token, (result) => {
          if (!closed) setLive(result.ok)
        })
      socket.on('disconnect', () => setLive(false))
      socket.on('connect', () => {
        // A reconnect without recovery starts with no rooms, and the pushes sent meanwhile are lost.
        subscribe()
        if (connectedBefore && !socket.recovered) void queryClient.invalidateQueries({ queryKey })
        connectedBefore = true
      })
      if (socket.connected) {
        subscribe()
        connectedBefore = true
      }
      socket.on('widget:progress', (update) => {
        const view = queryClient.getQueryData<WidgetView>(queryKey)
        if (update.token !== token || !view) return
        const alert = alertFromProgress(known.current ?? view, update, view.reward)
        known.current = { progress: update.progress, state: update.state }
        queryClient.setQueryData<WidgetView>(queryKey, {
          ...view,
          progress: update.progress,
          goal: update.goal,
          state: update.state,
        })
        if (alert) alertTo.current?.(alert)
      })
      socket.on('widget:test-alert', (payload) => {
        const view = queryClient.getQueryData<WidgetView>(queryKey)
        if (payload.token === token && view) alertTo.current?.(testAlert(view))
      })
      return socket
    })
    return () => {
      closed = true
      setLive(false)
      void opened.then((socket) => socket.disconnect())
    }
  }, [queryClient, token, locale])

  return { query, live }
}
