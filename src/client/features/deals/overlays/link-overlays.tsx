import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { WidgetView } from '#shared/contract/deals.ts'
import { chatCommandName } from '../go-live-kit'
import { qrModules, qrPath } from '../qr-image'

/** `streamdeals.example/redir/cpc/…`: the link as viewers type it, without the scheme. */
const shortLink = (link: string) => link.replace(/^https?:\/\//, '')

/** The chat call to action: the bot command viewers type, and the tracked link itself. */
export function ChatCtaView({ view, themeClass }: { view: WidgetView; themeClass: string }) {
  const command = chatCommandName(view.missionCode, view.missionTitle)
  const link = shortLink(`${location.origin}${view.trackedPath}`)
  return (
    <div className={`overlay-box overlay-cta ${themeClass}`} data-testid="chat-cta">
      <p className="overlay-cta-command">
        <Trans>
          Type <strong>{command}</strong> in chat
        </Trans>
      </p>
      <p className="overlay-cta-link">{link}</p>
    </div>
  )
}

/** The tracked link as a QR code, dark on white (phones read it off the stream), with a caption. */
export function QrView({ view, themeClass }: { view: WidgetView; themeClass: string }) {
  const { t } = useLingui()
  const modules = useMemo(() => qrModules(`${location.origin}${view.trackedPath}`), [view.trackedPath])
  const size = modules.length
  return (
    <figure className={`overlay-box overlay-qr ${themeClass}`} data-testid="qr-overlay">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={t`QR code of the tracked link`}
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={qrPath(modules)} fill="#000000" />
      </svg>
      <figcaption>
        <Trans>Scan me</Trans>
      </figcaption>
    </figure>
  )
}
