import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { notify } from '#client/lib/toast.ts'
import { buildGoLiveKit, type GoLiveKitSource, goLiveKitText } from '../go-live-kit'
import { CopyField } from './copy-field'
import './go-live-kit.css'

// The QR library (uqr) loads with this component only, after the page's text is on screen.
const LinkQrCode = lazy(() => import('./link-qr-code'))

/** Web Share exists on most phones and a few desktops; the button is hidden where it does not. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

/**
 * The go-live kit: for the next stream, one tap copies the tracked link, a chat
 * command for the usual chat bots and the sponsorship disclosure; a QR code for an overlay or a phone;
 * the share sheet where the device has one.
 */
export function GoLiveKit({ source }: { source: GoLiveKitSource }) {
  const { t, i18n } = useLingui()
  const kit = buildGoLiveKit(i18n, source)
  const { command, disclosure } = kit
  const [copied, setCopied] = useState(false)
  const copyKit = async () => {
    try {
      await navigator.clipboard.writeText(goLiveKitText(i18n, kit))
      setCopied(true)
      void notify('success', t`Go-live kit copied`)
    } catch {
      setCopied(false)
      void notify('error', t`Copy failed: copy the lines below one by one`)
    }
  }
  const share = async () => {
    try {
      await navigator.share({
        title: source.missionTitle,
        text: `${disclosure} ${source.missionTitle}`,
        url: source.trackedLink,
      })
    } catch (error) {
      // Closing the sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      void notify('error', t`Sharing failed: copy the link instead`)
    }
  }
  return (
    <section className="go-live-kit" aria-labelledby="go-live-kit-title" data-testid="go-live-kit">
      <h3 id="go-live-kit-title">
        <Trans>Go-live kit</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Before your next stream: your link, a chat command for your bot and the sponsorship disclosure, in
          one tap.
        </Trans>
      </p>
      <div className="go-live-kit-layout">
        <div className="go-live-kit-texts">
          <div className="go-live-kit-actions">
            <button type="button" className="button" onClick={copyKit}>
              {copied ? <Trans>Kit copied</Trans> : <Trans>Copy the go-live kit</Trans>}
            </button>
            {canShare() ? (
              <button type="button" className="button button-ghost" onClick={share}>
                <Trans>Share…</Trans>
              </button>
            ) : null}
          </div>
          <p className="go-live-kit-status" role="status" data-testid="go-live-kit-status">
            {copied ? (
              <Trans>
                Copied: your tracked link, the {command} command for Nightbot and StreamElements, and the{' '}
                {disclosure} disclosure.
              </Trans>
            ) : null}
          </p>
          <CopyField
            label={t`Chat message for ${command}`}
            value={kit.chatMessage}
            testId="kit-chat-message"
            multiline
          />
          <CopyField
            label={t`Add it with Nightbot`}
            value={kit.nightbotLine}
            testId="kit-nightbot"
            multiline
          />
          <CopyField
            label={t`Add it with StreamElements`}
            value={kit.streamElementsLine}
            testId="kit-streamelements"
            multiline
          />
          <CopyField label={t`Sponsorship disclosure`} value={disclosure} testId="kit-disclosure" />
          <p className="muted go-live-kit-note">
            <Trans>
              Advertising rules ask you to say a stream is sponsored: keep {disclosure} before the link and
              mention the partner out loud.
            </Trans>
          </p>
        </div>
        <Suspense fallback={<div className="go-live-qr go-live-qr-loading" aria-hidden="true" />}>
          <LinkQrCode link={source.trackedLink} fileName={`streamdeals-${source.missionCode}-qr`} />
        </Suspense>
      </div>
    </section>
  )
}
