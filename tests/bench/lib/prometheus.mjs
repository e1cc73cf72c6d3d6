/** Reading the server's Prometheus text: samples, a metric's total, a histogram quantile between scrapes. */

/** `[{ name, labels, value }]` of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .flatMap((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) return []
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
      )
      return [{ name: match[1], labels, value: Number(match[3]) }]
    })
}

/** The sum of a metric's samples (every label set). */
export const metricValue = (samples, name) =>
  samples.filter((sample) => sample.name === name).reduce((sum, sample) => sum + sample.value, 0)

/**
 * Quantile `q` of a histogram over what was observed between two scrapes, interpolated inside its
 * bucket as Prometheus' histogram_quantile does; null when nothing was observed.
 */
export function histogramQuantile(q, after, before, name) {
  const buckets = (samples) =>
    new Map(
      samples
        .filter((sample) => sample.name === `${name}_bucket`)
        .map((sample) => [sample.labels.le, sample.value]),
    )
  const [now, then] = [buckets(after), buckets(before)]
  const edges = [...now.keys()]
    .map((le) => ({ le, bound: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le) }))
    .sort((a, b) => a.bound - b.bound)
    .map(({ le, bound }) => ({ bound, count: (now.get(le) ?? 0) - (then.get(le) ?? 0) }))
  const total = edges.at(-1)?.count ?? 0
  if (total === 0) return null
  const rank = q * total
  let lower = 0
  let below = 0
  for (const { bound, count } of edges) {
    if (count >= rank) {
      if (bound === Number.POSITIVE_INFINITY) return lower
      return lower + (bound - lower) * ((rank - below) / Math.max(1, count - below))
    }
    lower = bound
    below = count
  }
  return lower
}
