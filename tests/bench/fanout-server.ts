/**
 * The fan-out benchmark's server (bundled by the bench, run as a child): the real app (socket.io with
 * its handshake, adapter, connection-state recovery and limits, exactly as production builds it)
 * listening on PORT. Every socket joins one room, and the broadcast goes to that room, as the app's own
 * pushes do (`io.to(room).emit`). Commands on stdin:
 * - `sockets` prints `sockets <connected count>`;
 * - `start <perSecond> <durationMs>` broadcasts `bench:tick {seq, sentAt}` at that rate, then prints
 *   `done <count>` and one `report <json>` line: per broadcast its send time and the time the server had
 *   handed the last socket's frame to the kernel, and the server's CPU and event-loop use meanwhile.
 * Times are milliseconds of the machine's monotonic clock (`process.hrtime`), the one the client
 * processes read too. With FANOUT_CPU_PROF=<dir>, the broadcasting window is CPU-profiled there.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import type { Server } from 'socket.io'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'

const ROOM = 'bench:fanout'
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6

const config = loadConfig()
const app = await buildApp({ config, logger: false })
// The bench event and room are not part of the contract: reach the server untyped rather than widen it.
const io = app.io as unknown as Server
app.socketConnectionHandlers.push((socket) => {
  void socket.join(ROOM)
})
await app.listen({ port: config.port, host: '127.0.0.1' })
process.stdout.write(`ready ${config.port}\n`)

const profileDir = process.env.FANOUT_CPU_PROF
async function startProfile(): Promise<Session | null> {
  if (!profileDir) return null
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return session
}
async function stopProfile(session: Session | null): Promise<void> {
  if (!session) return
  const { profile } = await session.post('Profiler.stop')
  writeFileSync(join(profileDir as string, `fanout-server-${Date.now()}.cpuprofile`), JSON.stringify(profile))
  session.disconnect()
}

async function broadcast(perSecond: number, durationMs: number): Promise<void> {
  const interval = 1000 / perSecond
  const total = Math.round((durationMs / 1000) * perSecond)
  const sentAt = new Float64Array(total)
  const writtenAt = new Float64Array(total)
  const profile = await startProfile()
  const cpuBefore = process.cpuUsage()
  const loopBefore = performance.eventLoopUtilization()
  const started = monotonicMs()
  let sent = 0
  await new Promise<void>((resolve) => {
    // Scheduled against the start time rather than chained timeouts, so lateness does not accumulate.
    const tick = () => {
      const at = monotonicMs()
      io.to(ROOM).emit('bench:tick', { seq: sent, sentAt: at })
      sentAt[sent] = at
      // The emit returns once every socket's frame went to its TCP socket (written, or queued in
      // userland when the kernel buffer is full): what comes after this is the kernel's and the client's.
      writtenAt[sent] = monotonicMs()
      sent += 1
      if (sent >= total) return resolve()
      setTimeout(tick, Math.max(0, started + sent * interval - monotonicMs()))
    }
    tick()
  })
  const elapsedMs = monotonicMs() - started
  const cpu = process.cpuUsage(cpuBefore)
  const loop = performance.eventLoopUtilization(loopBefore)
  await stopProfile(profile)
  process.stdout.write(`done ${sent}\n`)
  const report = {
    sentAt: Array.from(sentAt),
    writtenAt: Array.from(writtenAt),
    lateMs: Array.from(sentAt, (at, seq) => at - (started + seq * interval)),
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    elapsedMs,
    eventLoopUtilization: loop.utilization,
  }
  process.stdout.write(`report ${JSON.stringify(report)}\n`)
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, rate, duration] = line.split(' ')
  if (command === 'sockets') process.stdout.write(`sockets ${io.engine.clientsCount}\n`)
  else if (command === 'start') void broadcast(Number(rate), Number(duration))
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
