/**
 * One client process of the fan-out benchmark (forked by socket-fanout.mjs, which runs several): it
 * connects its share of socket.io clients the way the app's client does, and records for each
 * `bench:tick` received its broadcast number and its latency (receipt minus the server's send time, both
 * read from the machine's monotonic clock, which every process shares). The parent drives it by IPC:
 * `connect` → `connected`, `measure` starts the CPU and event-loop window, `finish` → `result`.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { io as connect } from 'socket.io-client'

const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6
// Connecting in batches keeps the handshakes from timing out on a small machine.
const CONNECT_BATCH = 100

let sockets = []
let seqs = new Uint32Array(0)
let latencies = new Float64Array(0)
let received = 0
let since = null // the start of the measuring window
// FANOUT_CPU_PROF=<dir>: the measuring window is CPU-profiled there, as the server's is.
const profileDir = process.env.FANOUT_CPU_PROF
let profiler = null

function record({ seq, sentAt }) {
  const now = monotonicMs()
  if (received >= latencies.length) return
  seqs[received] = seq
  latencies[received] = now - sentAt
  received += 1
}

async function connectAll({ url, count, expected }) {
  seqs = new Uint32Array(expected)
  latencies = new Float64Array(expected)
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = []
    for (let i = start; i < Math.min(count, start + CONNECT_BATCH); i++) {
      // WebSocket only: the app's client tries WebSocket first and falls back to polling only where
      // WebSocket is blocked, which loopback never is.
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 60_000,
      })
      socket.on('bench:tick', record)
      sockets.push(socket)
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('connect', resolve)
          socket.once('connect_error', reject)
        }),
      )
    }
    await Promise.all(batch)
  }
}

/** Waits until every expected message arrived, or `waitMs` passed (messages in flight after the end). */
async function finish({ waitMs }) {
  const deadline = monotonicMs() + waitMs
  while (received < latencies.length && monotonicMs() < deadline) await new Promise((r) => setTimeout(r, 20))
  const cpu = process.cpuUsage(since?.cpu)
  const loop = performance.eventLoopUtilization(since?.loop)
  const elapsedMs = monotonicMs() - (since?.at ?? monotonicMs())
  since?.delay.disable()
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop')
    writeFileSync(join(profileDir, `fanout-clients-${process.pid}.cpuprofile`), JSON.stringify(profile))
    profiler.disconnect()
  }
  for (const socket of sockets) socket.disconnect()
  sockets = []
  return {
    received,
    seqs: seqs.subarray(0, received),
    latencies: latencies.subarray(0, received),
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    elapsedMs,
    eventLoopUtilization: loop.utilization,
    // How long this process kept a ready callback (a message in, a timer) waiting: its own queueing.
    eventLoopDelayMs: since && {
      p50: since.delay.percentile(50) / 1e6,
      p95: since.delay.percentile(95) / 1e6,
      p99: since.delay.percentile(99) / 1e6,
    },
  }
}

async function startMeasuring() {
  if (profileDir) {
    profiler = new Session()
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.start')
  }
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  since = { cpu: process.cpuUsage(), loop: performance.eventLoopUtilization(), at: monotonicMs(), delay }
}

process.on('message', (message) => {
  const reply = (value) => process.send(value)
  if (message.type === 'connect')
    connectAll(message).then(
      () => reply({ type: 'connected', count: sockets.length }),
      (error) => reply({ type: 'error', message: String(error?.message ?? error) }),
    )
  else if (message.type === 'measure') void startMeasuring().then(() => reply({ type: 'measuring' }))
  else if (message.type === 'finish')
    void finish(message).then((result) => reply({ type: 'result', ...result }))
})
