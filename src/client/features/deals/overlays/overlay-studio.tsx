import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ApiException } from '#client/lib/http.ts'
import { localeNames, locales } from '#client/lib/i18n.ts'
import { useSessionLanguage } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import type { Locale } from '#shared/contract/common.ts'
import { sendWidgetTestAlert } from '../api'
import { CopyField } from '../components/copy-field'
import { usePreviewLive } from './overlay-live'
import {
  ALERT_DURATION,
  OVERLAY_KINDS,
  OVERLAY_SIZES,
  type OverlayKind,
  type OverlaySettings,
  type OverlayTheme,
  overlayUrl,
} from './overlay-settings'
import './overlay-studio.css'

// The alert preview's page loads and connects in a second or two; past this, the test alert goes anyway.
const PREVIEW_CONNECT_MS = 8000
// 360 px: each preview fits a phone's width; the frame inside is the overlay's real OBS size, scaled.
const PREVIEW_WIDTH = 360

/** The overlay's live page at its OBS size, scaled down, over a checkerboard that shows what is see-through. */
function OverlayPreview({ url, kind, title }: { url: string; kind: OverlayKind; title: string }) {
  const { width, height } = OVERLAY_SIZES[kind]
  const scale = Math.min(1, PREVIEW_WIDTH / width)
  return (
    <div className="overlay-preview" style={{ width: width * scale, height: height * scale }}>
      <iframe
        src={url}
        title={title}
        width={width}
        height={height}
        loading="lazy"
        tabIndex={-1}
        style={{ transform: `scale(${scale})` }}
        data-testid={`overlay-preview-${kind}`}
      />
    </div>
  )
}

/**
 * The overlay studio on a deal's tools page: each overlay previewed live at its OBS size, its URL to
 * copy with the chosen language, theme and alert settings, a test alert, and how to add them.
 */
export function OverlayStudio({
  token,
  username,
  missionCode,
}: {
  token: string
  username: string
  missionCode: string
}) {
  const { t } = useLingui()
  const language = useSessionLanguage()
  const [lang, setLang] = useState<Locale>(language)
  const [theme, setTheme] = useState<OverlayTheme>('brand')
  const [duration, setDuration] = useState<number>(ALERT_DURATION.fallback)
  const [sound, setSound] = useState(true)
  const [volume, setVolume] = useState(50)
  const [sending, setSending] = useState(false)
  const settings: OverlaySettings & { lang: Locale } = { token, lang, theme, duration, sound, volume }
  const origin = location.origin
  const names: Record<OverlayKind, string> = {
    goal: t`Goal bar`,
    alert: t`Click alert`,
    cta: t`Chat call to action`,
    qr: t`QR code`,
  }
  const alertPreviewLive = usePreviewLive('alert', overlayUrl(origin, 'alert', settings))
  const sendTest = async () => {
    setSending(true)
    try {
      await alertPreviewLive(PREVIEW_CONNECT_MS)
      await sendWidgetTestAlert(username, missionCode)
      void notify('success', t`Test alert sent to your open overlays`)
    } catch (error) {
      const limited = error instanceof ApiException && error.code === 'RATE_LIMITED'
      void notify(
        'error',
        limited ? t`Too many test alerts: wait a minute` : t`The test alert could not be sent`,
      )
    } finally {
      setSending(false)
    }
  }
  return (
    <div className="overlay-studio" data-testid="overlay-studio">
      <fieldset className="overlay-settings">
        <legend>
          <Trans>Overlay settings</Trans>
        </legend>
        <label>
          <Trans>Language</Trans>
          <select
            value={lang}
            onChange={(event) => setLang(event.target.value as Locale)}
            data-testid="overlay-lang"
          >
            {locales.map((code) => (
              <option key={code} value={code}>
                {localeNames[code]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <Trans>Theme</Trans>
          <select
            value={theme}
            onChange={(event) => setTheme(event.target.value as OverlayTheme)}
            data-testid="overlay-theme"
          >
            <option value="brand">{t`Partner’s theme`}</option>
            <option value="light">{t`Light`}</option>
            <option value="dark">{t`Dark`}</option>
          </select>
        </label>
        <label>
          <Trans>Alert duration (seconds)</Trans>
          <input
            type="number"
            min={ALERT_DURATION.min}
            max={ALERT_DURATION.max}
            value={duration}
            onChange={(event) => setDuration(Number(event.target.value) || ALERT_DURATION.fallback)}
          />
        </label>
        <label className="overlay-settings-check">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} />
          <Trans>Alert sound</Trans>
        </label>
        <label>
          <Trans>Volume</Trans>
          <input
            type="range"
            min={0}
            max={100}
            value={volume}
            disabled={!sound}
            onChange={(event) => setVolume(Number(event.target.value))}
          />
        </label>
      </fieldset>
      <p className="tool-actions">
        <button type="button" className="button" onClick={sendTest} disabled={sending}>
          <Trans>Send a test alert</Trans>
        </button>
      </p>
      <div className="overlay-cards">
        {OVERLAY_KINDS.map((kind) => {
          const url = overlayUrl(origin, kind, settings)
          const { width, height } = OVERLAY_SIZES[kind]
          return (
            <section key={kind} className="overlay-card">
              <h4>{names[kind]}</h4>
              <OverlayPreview url={url} kind={kind} title={t`Preview: ${names[kind]}`} />
              <p className="muted">
                <Trans>
                  Browser source size: {width} × {height}
                </Trans>
              </p>
              <CopyField
                label={t`${names[kind]} URL`}
                value={url}
                testId={kind === 'goal' ? 'widget-url' : `overlay-url-${kind}`}
              />
            </section>
          )
        })}
      </div>
      <details className="overlay-howto">
        <summary>
          <Trans>How to add an overlay to OBS or Streamlabs</Trans>
        </summary>
        <ol>
          <li>
            <Trans>Copy the overlay’s URL above.</Trans>
          </li>
          <li>
            <Trans>
              OBS Studio: in Sources, click +, choose Browser, paste the URL, and set the width and height
              shown above. Tick "Control audio via OBS" to hear the alert sound in your stream.
            </Trans>
          </li>
          <li>
            <Trans>
              Streamlabs Desktop: add a source, choose Browser Source, paste the URL and set the same size.
            </Trans>
          </li>
          <li>
            <Trans>
              The background is transparent: place the overlay over your game, then press "Send a test alert"
              to check the alert and its sound.
            </Trans>
          </li>
        </ol>
      </details>
    </div>
  )
}
