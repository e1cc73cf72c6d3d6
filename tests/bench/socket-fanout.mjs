/**
 * Socket fan-out: 3,000 socket.io clients (websocket, loopback) connected to one app node, which
 * broadcasts a timestamped event 20 times a second; delivery latency = receipt time - send time, both
 * taken from the same machine clock.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io as connect } from 'socket.io-client'
import { childEnv, freePort, startServer } from './lib/processes.mjs'
import { CHART_PERCENTILES, ms, percentile, saveResult } from './lib/report.mjs'

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 3000)
const PER_SECOND = 20
const seconds = Number(process.env.BENCH_FANOUT_SECONDS ?? 10)
// Connecting in batches keeps the handshakes from timing out on a small machine.
const CONNECT_BATCH = 100

const now = () => performance.timeOrigin + performance.now()

async function connectAll(url, latencies, counter) {
  const sockets = []
  for (let start = 0; start < CLIENTS; start += CONNECT_BATCH) {
    const batch = []
    for (let i = start; i < Math.min(CLIENTS, start + CONNECT_BATCH); i++) {
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 60_000,
      })
      socket.on('bench:tick', ({ sentAt }) => {
        latencies[counter.count] = now() - sentAt
        counter.count += 1
      })
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
  return sockets
}

export async function fanoutBenchmark({ serverDir, clientDir }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-bench-fanout-'))
  const port = await freePort()
  const server = await startServer(join(serverDir, 'fanout-server.js'), {
    port,
    stdin: 'pipe',
    env: childEnv({
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      SEED_DEMO: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  })
  const expected = CLIENTS * PER_SECOND * seconds
  const latencies = new Float64Array(expected)
  const counter = { count: 0 }
  let sockets = []
  let result
  try {
    const connectStart = now()
    sockets = await connectAll(server.url, latencies, counter)
    const connectSeconds = (now() - connectStart) / 1000
    server.child.stdin.write('sockets\n')
    const connected = Number((await server.line('sockets')).split(' ')[1])
    const done = server.line('done')
    server.child.stdin.write(`start ${PER_SECOND} ${seconds * 1000}\n`)
    await done
    // Deliveries still in flight when the last broadcast left: wait for them, up to ten seconds.
    const deadline = now() + 10_000
    while (counter.count < expected && now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const sorted = Array.from(latencies.subarray(0, counter.count)).sort((a, b) => a - b)
    result = { connected, connectSeconds, delivered: counter.count, expected, sorted }
  } finally {
    for (const socket of sockets) socket.disconnect()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const { sorted } = result
  return saveResult('socket-fanout', {
    title: `Socket fan-out: ${CLIENTS} clients, ${PER_SECOND} broadcasts/s, ${seconds} s, one node`,
    columns: ['Clients connected', 'Delivered / expected', 'p50', 'p95', 'p99', 'max'],
    rows: [
      [
        result.connected,
        `${result.delivered} / ${result.expected}`,
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 95)),
        ms(percentile(sorted, 99)),
        ms(sorted.at(-1)),
      ],
    ],
    notes: [
      `Connecting ${CLIENTS} websocket clients took ${result.connectSeconds.toFixed(1)} s.`,
      'Clients and server share this machine: the client process decoding every message is part of the latency.',
      'Target (DESIGN §5): p95 ≤ 100 ms.',
    ],
    data: {
      ...result,
      sorted: undefined,
      percentiles: CHART_PERCENTILES.map((p) => [p, percentile(sorted, p)]),
    },
    series: [{ label: 'socket fan-out', points: CHART_PERCENTILES.map((p) => [p, percentile(sorted, p)]) }],
  })
}
