/**
 * Socket fan-out: 3,000 socket.io clients (websocket, loopback) connected to one app node, which
 * broadcasts a timestamped event to all of them 20 times a second. The server is one child process;
 * the clients live in BENCH_FANOUT_PROCESSES other child processes. Delivery latency = receipt time -
 * send time, both read from the machine's monotonic clock (one clock for every process).
 *
 * Besides the latency, the report splits it: "after the server" is the part of each latency past the
 * moment the server had handed that broadcast's last frame to the kernel (what the kernel and the
 * client processes add), and it gives each process's CPU and event-loop use, to say which side limits.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { childEnv, freePort, startServer } from './lib/processes.mjs'
import { CHART_PERCENTILES, ms, percentile, saveResult } from './lib/report.mjs'

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 3000)
// The server is one thread and needs about one core at this load: the clients get the other cores, one
// process each. More processes than cores only add wake-ups: on 2 cores, 2 client processes spent
// 15-17 µs of CPU per message against 12-13 µs for one, and took that CPU from the server.
const PROCESSES = Number(process.env.BENCH_FANOUT_PROCESSES ?? Math.max(1, cpus().length - 1))
const PER_SECOND = 20
const seconds = Number(process.env.BENCH_FANOUT_SECONDS ?? 10)
// Deliveries still in flight when the last broadcast left are waited for, up to ten seconds.
const DRAIN_MS = 10_000

/** A client process and a way to wait for its next message of a given type. */
function startClients(count) {
  const child = fork(join(import.meta.dirname, 'fanout-clients.mjs'), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type === 'error') reject(new Error(`client process: ${message.message}`))
        else if (message.type !== type) return
        child.off('message', onMessage)
        resolve(message)
      }
      child.on('message', onMessage)
    })
  return {
    count,
    async request(message, replyType) {
      const reply = next(replyType)
      child.send(message)
      return reply
    },
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

/**
 * One process's share of the work: cores used, event-loop busy time, and CPU per message handled (user
 * and kernel: on loopback the kernel's TCP work is much of it), hence the messages/s one core carries.
 */
function usage(side, messages) {
  const perMessage = (cpuMs) => (cpuMs * 1000) / messages
  const total = perMessage(side.cpuUserMs + side.cpuSystemMs)
  return (
    `${((side.cpuUserMs + side.cpuSystemMs) / side.elapsedMs).toFixed(2)} cores, event loop ${(side.eventLoopUtilization * 100).toFixed(0)}% busy, ` +
    `${total.toFixed(1)} µs CPU per message (${perMessage(side.cpuUserMs).toFixed(1)} user + ${perMessage(side.cpuSystemMs).toFixed(1)} kernel) ` +
    `= at most ${Math.round(1e6 / total / 1000)}k messages/s on one core`
  )
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
  const ticks = PER_SECOND * seconds
  const shares = Array.from(
    { length: PROCESSES },
    (_, i) => Math.floor(CLIENTS / PROCESSES) + (i < CLIENTS % PROCESSES ? 1 : 0),
  )
  const clients = shares.map((count) => startClients(count))
  let result
  try {
    const connectStart = performance.now()
    // One process at a time: their handshakes would only compete for the same cores.
    for (const client of clients)
      await client.request(
        { type: 'connect', url: server.url, count: client.count, expected: client.count * ticks },
        'connected',
      )
    const connectSeconds = (performance.now() - connectStart) / 1000
    server.child.stdin.write('sockets\n')
    const connected = Number((await server.line('sockets')).split(' ')[1])
    await Promise.all(clients.map((client) => client.request({ type: 'measure' }, 'measuring')))
    const loadAtStart = loadavg()[0]
    const reportLine = server.line('report')
    server.child.stdin.write(`start ${PER_SECOND} ${seconds * 1000}\n`)
    const serverSide = JSON.parse((await reportLine).slice('report '.length))
    const sides = await Promise.all(
      clients.map((client) => client.request({ type: 'finish', waitMs: DRAIN_MS }, 'result')),
    )
    result = { connected, connectSeconds, loadAtStart, loadAtEnd: loadavg()[0], serverSide, sides }
  } finally {
    await Promise.all(clients.map((client) => client.stop()))
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const { serverSide, sides } = result
  const delivered = sides.reduce((sum, side) => sum + side.received, 0)
  const expected = CLIENTS * ticks
  const latencies = new Float64Array(delivered)
  const afterServer = new Float64Array(delivered)
  let at = 0
  for (const side of sides) {
    for (let i = 0; i < side.received; i++, at++) {
      const seq = side.seqs[i]
      latencies[at] = side.latencies[i]
      afterServer[at] = Math.max(0, side.latencies[i] - (serverSide.writtenAt[seq] - serverSide.sentAt[seq]))
    }
  }
  latencies.sort()
  afterServer.sort()
  const emitMs = Float64Array.from(
    serverSide.writtenAt,
    (written, seq) => written - serverSide.sentAt[seq],
  ).sort()
  const lateMs = Float64Array.from(serverSide.lateMs).sort()
  // A server that cannot keep up sends late, so fewer broadcasts a second than asked: its latencies
  // then describe a lighter load than the one named, and the run does not count against the target.
  const achievedPerSecond = (ticks / serverSide.elapsedMs) * 1000
  const keptUp = achievedPerSecond >= PER_SECOND * 0.95
  const row = (label, sorted) => [
    label,
    ms(percentile(sorted, 50)),
    ms(percentile(sorted, 95)),
    ms(percentile(sorted, 99)),
    ms(sorted.at(-1)),
  ]
  return saveResult('socket-fanout', {
    title: `Socket fan-out: ${CLIENTS} clients in ${PROCESSES} processes, ${PER_SECOND} broadcasts/s, ${seconds} s, one node`,
    columns: ['', 'p50', 'p95', 'p99', 'max'],
    rows: [
      row('Delivery latency', latencies),
      row('… of which after the server wrote the broadcast (kernel + clients)', afterServer),
      row('Server: one broadcast written to every socket', emitMs),
      row('Server: broadcast timer lateness (not in the latency)', lateMs),
    ],
    notes: [
      `${result.connected} clients connected in ${result.connectSeconds.toFixed(1)} s; ${delivered} / ${expected} messages delivered.`,
      `Server process: ${usage(serverSide, delivered)}.`,
      ...sides.map(
        (side, i) =>
          `Client process ${i + 1}: ${usage(side, side.received)}; its event loop kept work waiting ` +
          `${ms(side.eventLoopDelayMs.p50)} (p50), ${ms(side.eventLoopDelayMs.p95)} (p95).`,
      ),
      `${cpus().length} cores shared by the server and the client processes; load average ${result.loadAtStart.toFixed(1)} at the start, ${result.loadAtEnd.toFixed(1)} at the end.`,
      `The server sent ${achievedPerSecond.toFixed(1)} broadcasts/s of the ${PER_SECOND} asked` +
        (keptUp
          ? '.'
          : ': it could not keep up, so this run measured a lighter load and says nothing of the target.'),
      'Target: p95 ≤ 100 ms.',
    ],
    data: {
      clients: CLIENTS,
      processes: PROCESSES,
      connected: result.connected,
      delivered,
      expected,
      loadAverage: [result.loadAtStart, result.loadAtEnd],
      achievedPerSecond,
      keptUp,
      server: { ...serverSide, sentAt: undefined, writtenAt: undefined, lateMs: undefined },
      clientProcesses: sides.map((side) => ({ ...side, seqs: undefined, latencies: undefined })),
      percentiles: CHART_PERCENTILES.map((p) => [p, percentile(latencies, p)]),
      afterServerPercentiles: CHART_PERCENTILES.map((p) => [p, percentile(afterServer, p)]),
    },
    series: [
      { label: 'socket fan-out', points: CHART_PERCENTILES.map((p) => [p, percentile(latencies, p)]) },
    ],
  })
}
