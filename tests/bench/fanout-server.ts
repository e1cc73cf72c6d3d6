/**
 * The fan-out benchmark's server (bundled by the bench, run as a child): the real app (socket.io with
 * its handshake, adapter and limits) listening on PORT. A `start <perSecond> <durationMs>` line on stdin
 * starts broadcasting a timestamped event to every connected socket; it prints `done <count>` when over.
 */
import { createInterface } from 'node:readline'
import type { Server } from 'socket.io'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'

const config = loadConfig()
const app = await buildApp({ config, logger: false })
await app.listen({ port: config.port, host: '127.0.0.1' })
// The bench event is not part of the contract: reach the server untyped rather than widen the contract.
const io = app.io as unknown as Server
process.stdout.write(`ready ${config.port}\n`)

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, rate, duration] = line.split(' ')
  if (command === 'sockets') {
    process.stdout.write(`sockets ${io.engine.clientsCount}\n`)
    return
  }
  if (command !== 'start') return
  const interval = 1000 / Number(rate)
  const total = Math.round((Number(duration) / 1000) * Number(rate))
  let sent = 0
  const started = performance.now()
  // Scheduled against the start time rather than chained timeouts, so lateness does not accumulate.
  const tick = () => {
    io.emit('bench:tick', { seq: sent, sentAt: performance.timeOrigin + performance.now() })
    sent += 1
    if (sent >= total) {
      process.stdout.write(`done ${sent}\n`)
      return
    }
    setTimeout(tick, Math.max(0, started + sent * interval - performance.now()))
  }
  tick()
})
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
