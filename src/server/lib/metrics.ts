/**
 * The server's Prometheus metrics, one registry per app (tests build several apps in one process):
 * HTTP request durations per route, tracked clicks from intake to settlement, and the process's own
 * (CPU, memory, event-loop delay, GC). What the click code calls is the small typed API below.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

export interface Metrics {
  readonly registry: Registry
  /** One tracked click taken in, before any rule is applied. */
  clickReceived(): void
  /** Clicks the rules were applied to, by outcome. */
  clicksSettled(counts: { valid?: number; invalid?: number }): void
  /** One click not credited, by its reason (outside the known reasons: counted as `other`). */
  clickRefused(reason: string): void
  /** One click settled: credited (`refused` null) or not, and why; `lagSeconds` since its intake. */
  clickSettled(refused: string | null, lagSeconds: number): void
  /** Seconds from a click's intake to its settlement. */
  observeSettlementLag(seconds: number): void
  /** Clicks taken in and not settled yet. */
  setBacklog(count: number): void
  /** Reads the backlog at each scrape instead (a query), for a settlement loop that does not set it. */
  readBacklogWith(read: () => Promise<number> | number): void
  /** One answered HTTP request: its registered route pattern, never the raw URL. */
  observeRequest(request: {
    route: string | undefined
    method: string
    status: number
    seconds: number
  }): void
  /** Starts the process metrics (CPU, memory, event-loop delay, GC); once, and only when they can be read. */
  collectProcessMetrics(): void
}

// Request durations: from a cached read (~1 ms) to a slow upload (seconds).
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
// Settlement lag: the targets are "within a second" for p95 and "within two" for a burst's backlog.
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60]
// Methods a client could send are open-ended; the label keeps to the ones the app serves.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** `clickReasons`: the bounded set the refused counter's `reason` label may take. */
export function createMetrics({ clickReasons }: { clickReasons: readonly string[] }): Metrics {
  const registry = new Registry()
  const registers = [registry]
  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  })
  const received = new Counter({
    name: 'streamdeals_clicks_received_total',
    help: 'Tracked clicks taken in',
    registers,
  })
  const settled = new Counter({
    name: 'streamdeals_clicks_settled_total',
    help: 'Tracked clicks the rules were applied to, by outcome (valid: credited)',
    labelNames: ['outcome'] as const,
    registers,
  })
  const refused = new Counter({
    name: 'streamdeals_clicks_refused_total',
    help: 'Tracked clicks not credited, by reason',
    labelNames: ['reason'] as const,
    registers,
  })
  const lag = new Histogram({
    name: 'streamdeals_click_settlement_lag_seconds',
    help: 'Seconds from a click’s intake to its settlement',
    buckets: LAG_BUCKETS,
    registers,
  })
  let readBacklog: (() => Promise<number> | number) | undefined
  const backlog = new Gauge({
    name: 'streamdeals_click_settlement_backlog',
    help: 'Tracked clicks taken in and not settled yet',
    registers,
    async collect() {
      if (readBacklog) this.set(await readBacklog())
    },
  })
  const reasons = new Set(clickReasons)
  // Every series exists from the start at 0, so a rate over it is defined before the first click.
  for (const outcome of ['valid', 'invalid']) settled.inc({ outcome }, 0)
  for (const reason of [...reasons, 'other']) refused.inc({ reason }, 0)
  let processMetrics = false

  return {
    registry,
    clickReceived: () => received.inc(),
    clicksSettled({ valid = 0, invalid = 0 }) {
      if (valid > 0) settled.inc({ outcome: 'valid' }, valid)
      if (invalid > 0) settled.inc({ outcome: 'invalid' }, invalid)
    },
    clickRefused: (reason) => refused.inc({ reason: reasons.has(reason) ? reason : 'other' }),
    observeSettlementLag: (seconds) => lag.observe(seconds),
    clickSettled(reason, lagSeconds) {
      if (reason === null) settled.inc({ outcome: 'valid' })
      else {
        settled.inc({ outcome: 'invalid' })
        refused.inc({ reason: reasons.has(reason) ? reason : 'other' })
      }
      lag.observe(lagSeconds)
    },
    setBacklog: (count) => backlog.set(count),
    readBacklogWith(read) {
      readBacklog = read
    },
    observeRequest({ route, method, status, seconds }) {
      http.observe(
        {
          // Unmatched URLs (scans, typos) share one series: the label never grows with what clients send.
          route: route ?? 'unmatched',
          method: METHODS.has(method) ? method : 'OTHER',
          status_class: `${Math.floor(status / 100)}xx`,
        },
        seconds,
      )
    },
    collectProcessMetrics() {
      if (processMetrics) return
      processMetrics = true
      // 10 ms: the event-loop delay histogram's resolution; finer costs more than it tells.
      collectDefaultMetrics({
        register: registry,
        eventLoopMonitoringPrecision: 10,
      })
    },
  }
}
