/** Results on disk: one JSON and one markdown table per benchmark, and the SVG latency chart. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const resultsDir = join(import.meta.dirname, '..', 'results')

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
export const ms = (value) =>
  value === undefined || value === null ? '—' : `${Number(value).toFixed(value < 10 ? 2 : 1)} ms`

export function markdownTable(columns, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(columns), line(columns.map(() => '---')), ...rows.map((row) => line(row.map(String)))].join(
    '\n',
  )
}

/** Writes `<name>.json` and `<name>.md` and returns the section for the final report. */
export function saveResult(name, { title, columns, rows, notes = [], data, series = [] }) {
  mkdirSync(resultsDir, { recursive: true })
  const section = [
    `## ${title}`,
    '',
    markdownTable(columns, rows),
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n')
  writeFileSync(
    join(resultsDir, `${name}.json`),
    `${JSON.stringify({ title, columns, rows, notes, data, series }, null, 2)}\n`,
  )
  writeFileSync(join(resultsDir, `${name}.md`), `${section}\n`)
  return { name, section, series }
}

/** Percentile `p` (0–100) of numeric samples (nearest rank on a sorted copy). */
export function percentile(sorted, p) {
  if (!sorted.length) return undefined
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index]
}

export const CHART_PERCENTILES = [0, 25, 50, 75, 90, 95, 97.5, 99, 99.9]

const palette = [
  '#6d28d9',
  '#0891b2',
  '#16a34a',
  '#ea580c',
  '#dc2626',
  '#4f46e5',
  '#ca8a04',
  '#db2777',
  '#475569',
  '#059669',
]

/**
 * Latency by percentile, one line per series, on the usual "HdrHistogram" axis (x = -log10(1 - p)),
 * which gives the tail the room it deserves. Each series is `{ label, points: [[percentile, ms]] }`.
 */
export function latencyChart(series, title) {
  const width = 860
  const height = 420
  const left = 70
  const right = 250
  const top = 40
  const bottom = 50
  const plotW = width - left - right
  const plotH = height - top - bottom
  const xOf = (p) => (Math.min(3, -Math.log10(1 - Math.min(p, 99.9) / 100)) / 3) * plotW + left
  const maxMs = Math.max(1, ...series.flatMap((entry) => entry.points.map(([, value]) => value)))
  const yMax = niceCeiling(maxMs)
  const yOf = (value) => top + plotH - (value / yMax) * plotH
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ]
  for (let i = 0; i <= 5; i++) {
    const value = (yMax / 5) * i
    const y = yOf(value)
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`)
    parts.push(
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${value.toFixed(value < 10 ? 1 : 0)} ms</text>`,
    )
  }
  for (const p of [0, 50, 90, 99, 99.9]) {
    const x = xOf(p)
    parts.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + plotH}" stroke="#e5e7eb"/>`)
    parts.push(`<text x="${x}" y="${top + plotH + 18}" text-anchor="middle">p${p}</text>`)
  }
  parts.push(`<text x="${left + plotW / 2}" y="${height - 8}" text-anchor="middle">percentile</text>`)
  series.forEach((entry, index) => {
    const color = palette[index % palette.length]
    const points = entry.points.map(([p, value]) => `${xOf(p).toFixed(1)},${yOf(value).toFixed(1)}`).join(' ')
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points}"/>`)
    const y = top + 10 + index * 18
    parts.push(`<rect x="${left + plotW + 16}" y="${y - 9}" width="12" height="12" fill="${color}"/>`)
    parts.push(`<text x="${left + plotW + 34}" y="${y + 1}">${escapeXml(entry.label)}</text>`)
  })
  parts.push('</svg>')
  return parts.join('\n')
}

function niceCeiling(value) {
  const magnitude = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude
  return 10 * magnitude
}

const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
