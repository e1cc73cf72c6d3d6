import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { notify } from '#client/lib/toast.ts'
import { qrModules, qrPath, qrPng, qrSvgDocument } from '../qr-image'

/** Saves a file the browser made, under a name an overlay folder can keep. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.click()
  // After the click's task: the download has taken the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The tracked link as a QR code, with PNG and SVG downloads. Default export: the go-live kit loads it
 * with React.lazy, so the QR library is fetched only on the tools page.
 */
export default function LinkQrCode({ link, fileName }: { link: string; fileName: string }) {
  const { t } = useLingui()
  const modules = useMemo(() => qrModules(link), [link])
  const size = modules.length
  const downloadPng = async () => {
    try {
      save(await qrPng(modules), `${fileName}.png`)
    } catch {
      void notify('error', t`The image could not be made: download the SVG instead`)
    }
  }
  const downloadSvg = () =>
    save(new Blob([qrSvgDocument(modules)], { type: 'image/svg+xml' }), `${fileName}.svg`)
  return (
    <figure className="go-live-qr">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={t`QR code of your tracked link`}
        data-testid="tracked-link-qr"
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={qrPath(modules)} fill="#000000" />
      </svg>
      <figcaption className="muted">
        <Trans>Show it on stream or scan it with a phone: it opens your tracked link.</Trans>
      </figcaption>
      <div className="go-live-kit-actions">
        <button type="button" className="button button-ghost" onClick={downloadPng}>
          <Trans>Download PNG</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={downloadSvg}>
          <Trans>Download SVG</Trans>
        </button>
      </div>
    </figure>
  )
}
