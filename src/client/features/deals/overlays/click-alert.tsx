import { Plural, Trans } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { WidgetView } from '#shared/contract/deals.ts'
import { formatMoney } from '#shared/format.ts'
import { type AlertInput, AlertQueue, alertDurationMs, type ClickAlert } from './alert-queue'
import type { OverlaySettings } from './overlay-settings'

// A short original chime (public/sounds), well under a second: it marks the alert, never the stream.
const SOUND_URL = '/sounds/click-alert.wav'
// The pause between two alerts: each one enters on its own.
const GAP_MS = 250

/** The click alert's player: a bounded queue (alert-queue.ts), one alert on screen at a time. */
export function useAlertPlayer(settings: OverlaySettings) {
  const queue = useRef(new AlertQueue())
  const [showing, setShowing] = useState<ClickAlert | null>(null)
  const [arrivals, setArrivals] = useState(0)
  const sound = useRef<HTMLAudioElement | null>(null)

  const push = useCallback((alert: AlertInput) => {
    queue.current.push(alert)
    setArrivals((count) => (count + 1) % Number.MAX_SAFE_INTEGER)
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `arrivals` says the queue (a ref) grew.
  useEffect(() => {
    if (showing || queue.current.size === 0) return
    const timer = window.setTimeout(() => {
      const next = queue.current.take()
      if (!next) return
      setShowing(next)
      if (settings.sound && settings.volume > 0) {
        sound.current ??= new Audio(SOUND_URL)
        sound.current.volume = settings.volume / 100
        sound.current.currentTime = 0
        // Autoplay may be refused outside OBS (a browser tab never clicked): the alert still shows.
        void sound.current.play().catch(() => undefined)
      }
    }, GAP_MS)
    return () => window.clearTimeout(timer)
  }, [showing, arrivals, settings.sound, settings.volume])

  useEffect(() => {
    if (!showing) return
    const timer = window.setTimeout(
      () => setShowing(null),
      alertDurationMs(settings.duration, queue.current.size),
    )
    return () => window.clearTimeout(timer)
  }, [showing, settings.duration])

  return { push, showing, waiting: () => queue.current.size }
}

/** One alert: the amount and the progress, in the overlay's language and number format. */
export function ClickAlertView({
  alert,
  view,
  themeClass,
  numberLocale,
}: {
  alert: ClickAlert | null
  view: WidgetView
  themeClass: string
  numberLocale: string
}) {
  // Nothing on screen between alerts: the source stays fully transparent.
  if (!alert) return <div className="overlay-alert-idle" data-testid="click-alert-idle" />
  const money = `+${formatMoney(alert.cents, { locale: numberLocale, currency: view.reward.amount.currency })}`
  const progress = `${alert.progress}/${alert.goal}`
  return (
    <div
      key={alert.id}
      className={`overlay-box overlay-alert ${themeClass}`}
      role="status"
      data-testid="click-alert"
      data-clicks={alert.clicks}
    >
      <p className="overlay-alert-label">
        {alert.test ? (
          <Trans>Test alert</Trans>
        ) : alert.goalReached ? (
          <Trans>Goal reached!</Trans>
        ) : (
          view.providerName
        )}
      </p>
      <p className="overlay-alert-amount" data-testid="click-alert-text">
        {alert.clicks > 1 ? (
          <>
            <Plural value={alert.clicks} one="+# click" other="+# clicks" /> · {money} · {progress}
          </>
        ) : alert.cents > 0 ? (
          `${money} · ${progress}`
        ) : (
          progress
        )}
      </p>
    </div>
  )
}
