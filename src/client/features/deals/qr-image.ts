/**
 * A QR code of the tracked link as SVG (page, overlay) and PNG (overlay, phone). Only the lazily
 * loaded QR component imports this module, so uqr stays in that chunk.
 */
import { encode } from 'uqr'

/** 4 modules of white around the code: the quiet zone the QR standard asks for, or phones fail to find it. */
const QUIET_ZONE_MODULES = 4
/** 1024 px: crisp when an overlay scales it up on a 1080p stream, and a phone reads it off a screen. */
const QR_PNG_PIXELS = 1024
const DARK = '#000000'
const LIGHT = '#ffffff'

/** Dark modules, row by row, quiet zone included. Level M (15 %): survives a stream's compression. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: QUIET_ZONE_MODULES }).data
}

/** One path of unit squares: small enough to keep inline, and vector-sharp at any size. */
export function qrPath(modules: boolean[][]): string {
  const parts: string[] = []
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`)
    })
  })
  return parts.join('')
}

export function qrSvgDocument(modules: boolean[][]): string {
  const size = modules.length
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${QR_PNG_PIXELS}" height="${QR_PNG_PIXELS}" shape-rendering="crispEdges">`,
    `<rect width="${size}" height="${size}" fill="${LIGHT}"/>`,
    `<path d="${qrPath(modules)}" fill="${DARK}"/>`,
    '</svg>',
  ].join('')
}

/** Whole pixels per module (no blurred edges); the image is at most QR_PNG_PIXELS wide. */
export function qrPng(modules: boolean[][]): Promise<Blob> {
  const scale = Math.max(1, Math.floor(QR_PNG_PIXELS / modules.length))
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = modules.length * scale
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('No 2D canvas'))
  context.fillStyle = LIGHT
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = DARK
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) context.fillRect(x * scale, y * scale, scale, scale)
    })
  })
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  )
}
