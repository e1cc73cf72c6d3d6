/** The click bench's table: one row per database with its targets, and a before/after comparison. */
import { markdownTable, ms } from './report.mjs'

export const TARGETS = { ratio: 0.25, p99: 25, settleSeconds: 2, lagP95: 1 }

export const DATABASES = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' }
const pathLabel = (path) => (path === 'redirect' ? 'GET /redir/cpc (302)' : 'before: API click call')
const seconds = (value) => (value === null || value === undefined ? '—' : `${value.toFixed(2)} s`)
const met = (ok) => (ok ? 'met' : 'NOT met')

function moneyCell(money) {
  const fine =
    money.visitors_credited_twice === 0 &&
    money.deals_over_goal === 0 &&
    money.over_budget_cents === 0 &&
    money.credited_cents === money.valid_clicks * money.reward_cents
  return (
    `${fine ? 'ok' : 'WRONG'}: ${money.valid_clicks} valid (each visitor once: ${money.visitors_credited_twice} twice), ` +
    `${money.credited_cents} c credited for ${money.valid_clicks} × ${money.reward_cents} c, top deal ${money.top_progress}/${money.goal}, ` +
    `${money.over_budget_cents} c over budget`
  )
}

export function row(result) {
  const { clicks, healthz } = result
  const ratio = clicks.rps / healthz.rps
  const failures = clicks.errors + clicks.bad
  return [
    DATABASES[result.kind],
    pathLabel(result.path),
    `${Math.round(clicks.rps)} (healthz ${Math.round(healthz.rps)})`,
    `${(ratio * 100).toFixed(1)}% (${met(ratio >= TARGETS.ratio)})`,
    ms(clicks.p50),
    // /healthz's own p99 under the same 100 connections: the floor any route can reach on this machine.
    `${ms(clicks.p99)} (${met(clicks.p99 <= TARGETS.p99)}; healthz ${ms(healthz.p99)})`,
    `${failures}${clicks.timeouts ? `, ${clicks.timeouts} of them 10 s timeouts` : ''} (${met(failures === 0)})`,
    `${seconds(result.settled.seconds)} (${met(result.settled.seconds !== null && result.settled.seconds <= TARGETS.settleSeconds)})`,
    result.lag === null || result.lag === undefined
      ? '—'
      : `≤ ${seconds(result.lag)} (${met(result.lag <= TARGETS.lagP95)})`,
    moneyCell(result.money),
    result.load.toFixed(1),
  ]
}

export function comparison(previous, data) {
  const line = (label, result) => [
    DATABASES[result.kind],
    label,
    pathLabel(result.path),
    Math.round(result.clicks.rps),
    `${((result.clicks.rps / result.healthz.rps) * 100).toFixed(1)}%`,
    ms(result.clicks.p99),
    result.clicks.errors + result.clicks.bad,
    seconds(result.settled.seconds),
    result.lag == null ? '—' : seconds(result.lag),
  ]
  const rows = []
  for (const kind of Object.keys(DATABASES)) {
    if (previous[kind] && !previous[kind].skipped) rows.push(line('before', previous[kind]))
    if (data[kind] && !data[kind].skipped) rows.push(line('this run', data[kind]))
  }
  return markdownTable(
    ['Database', 'run', 'click path', 'req/s', 'vs /healthz', 'p99', 'errors', 'backlog settled', 'lag p95'],
    rows,
  )
}
