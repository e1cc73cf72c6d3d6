import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { activateLocale } from '#client/lib/i18n.ts'
import { useSessionLanguage } from '#client/lib/session.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { WidgetView } from '#shared/contract/deals.ts'
import { GoalWidgetView } from '../components/goal-widget'
import { ClickAlertView, useAlertPlayer } from './click-alert'
import { ChatCtaView, QrView } from './link-overlays'
import { useAnnounceLive } from './overlay-live'
import type { OverlayKind, OverlaySettings } from './overlay-settings'
import { useOverlayFeed } from './use-overlay-feed'
import '../components/widget-palette.css'
import './overlay.css'

/** Money in each overlay language's own format: `+0,15 €` in French, `+€0.15` in English. */
const NUMBER_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' }
// How long the goal bar's "just moved" glow lasts; matches the CSS animation.
const PULSE_MS = 900

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

/**
 * One overlay (OBS browser source) as its URL says: which one, its language and theme. The language
 * is the URL's `lang` when it has one, never the browser's nor the account's; older URLs without it
 * follow the owner's saved language, as the server answers.
 */
export function OverlayPage({ kind, settings }: { kind: OverlayKind; settings: OverlaySettings }) {
  const alerts = useAlertPlayer(settings)
  const { query, live } = useOverlayFeed(settings, kind === 'alert' ? alerts.push : undefined)
  const { data, isPending, isError } = query
  useAnnounceLive(kind, live)
  const language = settings.lang ?? data?.locale
  const active = useSessionLanguage()
  useEffect(() => {
    if (language && language !== active) void activateLocale(language)
  }, [language, active])
  const pulsing = usePulse(data?.progress ?? 0)
  if (!settings.token || isError) {
    return (
      <div className="overlay-box goal-widget-theme-default overlay-unknown" role="status">
        <p>
          <Trans>This widget link is not valid</Trans>
        </p>
        <p className="overlay-unknown-hint">
          <Trans>Copy the current link from the deal’s tools page.</Trans>
        </p>
      </div>
    )
  }
  // Until the view and its language are in, nothing shows: never a flash in another language.
  if (isPending || !data || !language || language !== active) {
    return <div className="overlay-loading" aria-busy="true" />
  }
  return (
    <OverlayFor kind={kind} view={data} settings={settings} pulsing={pulsing} alerts={alerts} live={live} />
  )
}

function OverlayFor({
  kind,
  view,
  settings,
  pulsing,
  alerts,
  live,
}: {
  kind: OverlayKind
  view: WidgetView
  settings: OverlaySettings
  pulsing: boolean
  alerts: ReturnType<typeof useAlertPlayer>
  live: boolean
}) {
  const themeClass =
    settings.theme === 'brand' ? `goal-widget-theme-${view.theme}` : `overlay-theme-${settings.theme}`
  const numberLocale = NUMBER_LOCALES[settings.lang ?? view.locale]
  const shown = (() => {
    switch (kind) {
      case 'goal':
        return (
          <GoalWidgetView view={view} pulsing={pulsing} themeClass={themeClass} numberLocale={numberLocale} />
        )
      case 'alert':
        return (
          <ClickAlertView
            alert={alerts.showing}
            view={view}
            themeClass={themeClass}
            numberLocale={numberLocale}
          />
        )
      case 'cta':
        return <ChatCtaView view={view} themeClass={themeClass} />
      case 'qr':
        return <QrView view={view} themeClass={themeClass} />
    }
  })()
  return (
    <div className={`overlay-stage overlay-stage-${kind}`} data-overlay={kind} data-live={live}>
      {shown}
    </div>
  )
}
