import { afterAll, beforeAll, expect, test } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser } from '../support/test-users'
import { BROWSER_UA, makeMission } from './deals-fixtures'

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef'

let guarded: TestApp
let unguarded: TestApp

beforeAll(async () => {
  ;[guarded, unguarded] = await Promise.all([
    createTestApp({ env: { METRICS_TOKEN: TOKEN } }),
    createTestApp({ seed: false }),
  ])
})

afterAll(async () => {
  await Promise.all([guarded?.close(), unguarded?.close()])
})

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The Prometheus text format's samples (comments skipped). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`not a sample line: ${line}`)
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
      )
      return { name: match[1] ?? '', labels, value: Number(match[3]) }
    })
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
    )
    .reduce((sum, sample) => sum + sample.value, 0)

async function scrape(app = guarded): Promise<Sample[]> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toContain('text/plain')
  return parse(response.body)
}

const click = (mission: string, username: string, ip: string, ua = BROWSER_UA) =>
  call(guarded.app, 'subscriptionCheck', {
    params: { code: mission, username },
    remoteAddress: ip,
    headers: { 'user-agent': ua },
    body: { kind: 'cpc' },
  })

test('the operator reads request durations per route pattern, never per raw URL, and the process metrics', async () => {
  const before = await scrape()
  for (let i = 0; i < 3; i++) await guarded.app.inject({ method: 'GET', url: `/healthz?probe=${i}` })
  await call(guarded.app, 'userDeals', { params: { username: 'nobody-like-this' } })
  // A path no route has (the contract cannot name it): it must count as unmatched.
  await guarded.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' })
  const after = await scrape()
  const count = (labels: Record<string, string>) =>
    value(after, 'http_request_duration_seconds_count', labels) -
    value(before, 'http_request_duration_seconds_count', labels)

  expect(count({ route: '/healthz', method: 'GET', status_class: '2xx' })).toBe(3)
  expect(count({ route: '/api/deals/user/:username/missions', method: 'GET', status_class: '4xx' })).toBe(1)
  expect(count({ route: 'unmatched', status_class: '4xx' })).toBe(1)
  const routes = new Set(after.map((sample) => sample.labels.route).filter(Boolean))
  expect([...routes].filter((route) => /nobody|12345|probe/.test(route ?? ''))).toEqual([])

  expect(value(after, 'process_cpu_seconds_total')).toBeGreaterThan(0)
  expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  expect(after.some((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true)
})

test('a tracked click moves the received, settled and refused counters', async () => {
  const streamer = await makeUser(guarded.app, { username: 'MetricsStreamer' })
  const mission = await makeMission(guarded.app)
  const taken = await call(guarded.app, 'subscriptionCreate', {
    params: { code: mission, username: streamer.username },
    headers: streamer.auth,
  })
  expect(taken.statusCode).toBe(201)
  const before = await scrape()

  expect((await click(mission, streamer.username, '198.51.100.20')).statusCode).toBe(200)
  expect((await click(mission, streamer.username, '198.51.100.20')).statusCode).toBe(200)
  expect((await click(mission, streamer.username, '198.51.100.99', 'curl/8.5.0')).statusCode).toBe(200)
  const after = await scrape()
  const moved = (name: string, labels: Record<string, string> = {}) =>
    value(after, name, labels) - value(before, name, labels)

  expect(moved('streamdeals_clicks_received_total')).toBe(3)
  expect(moved('streamdeals_clicks_settled_total', { outcome: 'valid' })).toBe(1)
  expect(moved('streamdeals_clicks_settled_total', { outcome: 'invalid' })).toBe(2)
  expect(moved('streamdeals_clicks_refused_total', { reason: 'duplicate_visitor' })).toBe(1)
  expect(moved('streamdeals_clicks_refused_total', { reason: 'bot' })).toBe(1)
  expect(moved('streamdeals_click_settlement_lag_seconds_count')).toBe(3)
  expect(after.some((sample) => sample.name === 'streamdeals_click_settlement_backlog')).toBe(true)
})

test('without the token, /metrics answers like any unknown address and shows nothing', async () => {
  const unknown = await guarded.app.inject({ method: 'GET', url: '/metrics-or-not' })
  for (const authorization of [
    undefined,
    'Bearer wrong-token',
    `Bearer ${TOKEN}x`,
    `Basic ${TOKEN}`,
    TOKEN,
  ]) {
    const response = await guarded.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    })
    expect(response.statusCode, String(authorization)).not.toBe(200)
    expect(response.statusCode).toBe(unknown.statusCode)
    expect(response.body).toBe(unknown.body)
    expect(response.body).not.toContain('http_request_duration_seconds')
  }
})

test('with no METRICS_TOKEN the main port serves no metrics whatever the caller sends', async () => {
  const unknown = await unguarded.app.inject({ method: 'GET', url: '/metrics-or-not' })
  const response = await unguarded.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(response.statusCode).toBe(unknown.statusCode)
  expect(response.body).not.toContain('http_request_duration_seconds')
})

test('METRICS_PORT serves the metrics on loopback, and asks for the token when one is configured', async () => {
  const open = await unguarded.app.listenMetrics(0)
  expect(open).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/)
  const openAnswer = await fetch(open ?? '')
  expect(openAnswer.status).toBe(200)
  expect(await openAnswer.text()).toContain('process_cpu_seconds_total')
  expect((await fetch((open ?? '').replace('/metrics', '/healthz'))).status).toBe(404)

  const closed = (await guarded.app.listenMetrics(0)) ?? ''
  expect((await fetch(closed)).status).toBe(404)
  const withToken = await fetch(closed, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(withToken.status).toBe(200)
  expect(parse(await withToken.text()).length).toBeGreaterThan(0)
})

test('a bad metrics setting stops start-up naming the variable', () => {
  const variableOf = (env: Record<string, string>) => {
    try {
      loadConfig(env)
    } catch (error) {
      if (error instanceof ConfigError) return error.variable
      throw error
    }
    return null
  }
  expect(variableOf({ METRICS_PORT: 'nine' })).toBe('METRICS_PORT')
  expect(variableOf({ METRICS_PORT: '70000' })).toBe('METRICS_PORT')
  expect(variableOf({ PORT: '3000', METRICS_PORT: '3000' })).toBe('METRICS_PORT')
  expect(variableOf({ METRICS_HOST: 'metrics.example.com' })).toBe('METRICS_HOST')
  expect(variableOf({ METRICS_TOKEN: 'short' })).toBe('METRICS_TOKEN')
  expect(variableOf({ METRICS_TOKEN: `${TOKEN} with spaces` })).toBe('METRICS_TOKEN')
  expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).metrics).toEqual({
    port: 9464,
    host: '127.0.0.1',
    token: TOKEN,
  })
  expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined })
})
