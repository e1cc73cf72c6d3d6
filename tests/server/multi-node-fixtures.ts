/**
 * Pieces of the multi-node tests: a TCP load balancer in miniature, a database link that is slow to
 * tell a node's listeners, and polling for a condition.
 */
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net'

interface Relay {
  port: number
  /** Drops every live connection; new ones are still relayed. */
  cut(): void
  close(): Promise<void>
}

/**
 * A TCP relay on a free local port: each connection goes on to `target()` (asked per connection), its
 * bytes carried by `carry` (both ways as they come, by default). The balancer and the slow link below.
 */
async function startRelay(
  target: () => { host: string; port: number },
  carry: (incoming: Socket, outgoing: Socket) => void = (incoming, outgoing) =>
    incoming.pipe(outgoing).pipe(incoming),
): Promise<Relay> {
  const live = new Set<Socket>()
  const server: Server = createServer((incoming) => {
    const { host, port } = target()
    const outgoing = new NetSocket()
    outgoing.connect(port, host)
    for (const socket of [incoming, outgoing]) {
      live.add(socket)
      socket.on('error', () => socket.destroy())
      socket.on('close', () => live.delete(socket))
    }
    carry(incoming, outgoing)
    incoming.on('close', () => outgoing.destroy())
    outgoing.on('close', () => incoming.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('relay has no port')
  const cut = () => {
    for (const socket of live) socket.destroy()
    live.clear()
  }
  return {
    port: address.port,
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut()
        server.close(() => resolve())
      }),
  }
}

/** A TCP load balancer in miniature: new connections go to the current target; `cut` drops live ones. */
export interface Balancer {
  port: number
  target: number
  cut(): void
  close(): Promise<void>
}

export async function startBalancer(initialTarget: number): Promise<Balancer> {
  let target = initialTarget
  const relay = await startRelay(() => ({ host: '127.0.0.1', port: target }))
  return {
    port: relay.port,
    get target() {
      return target
    },
    set target(port: number) {
      target = port
    },
    cut: relay.cut,
    close: relay.close,
  }
}

/**
 * A PostgreSQL link whose listening connections (named `streamdeals-listen-…`, see notifications.ts)
 * hear everything `delayMs` late, as on a busy network: a node behind it learns of a change well after
 * the write that made it has answered. Every other connection goes straight through.
 */
export async function startSlowListenerLink(
  databaseUrl: string,
  delayMs: number,
): Promise<{ databaseUrl: string; close(): Promise<void> }> {
  const target = new URL(databaseUrl)
  const relay = await startRelay(
    () => ({ host: target.hostname, port: Number(target.port || 5432) }),
    (incoming, outgoing) => {
      let slow: boolean | undefined
      incoming.on('data', (chunk: Buffer) => {
        // The first packet is the start-up message, which carries the connection's application name.
        slow ??= chunk.includes('streamdeals-listen-')
        outgoing.write(chunk)
      })
      // Same delay for every chunk: they still arrive in order.
      outgoing.on('data', (chunk: Buffer) => {
        if (slow) setTimeout(() => incoming.write(chunk), delayMs)
        else incoming.write(chunk)
      })
    },
  )
  const through = new URL(databaseUrl)
  through.hostname = '127.0.0.1'
  through.port = String(relay.port)
  return { databaseUrl: through.toString(), close: relay.close }
}

export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  // 5 s in 20 ms steps: a local Redis round trip takes well under a millisecond.
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}
