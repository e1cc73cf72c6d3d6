/** Pieces of the multi-node tests: a TCP load balancer in miniature, and polling for a condition. */
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net'

/** A TCP load balancer in miniature: new connections go to the current target; `cut` drops live ones. */
export interface Balancer {
  port: number
  target: number
  cut(): void
  close(): Promise<void>
}

export async function startBalancer(initialTarget: number): Promise<Balancer> {
  const live = new Set<Socket>()
  const balancer: Balancer = {
    port: 0,
    target: initialTarget,
    cut() {
      for (const socket of live) socket.destroy()
      live.clear()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server: Server = createServer((incoming) => {
    const outgoing = new NetSocket()
    outgoing.connect(balancer.target, '127.0.0.1')
    for (const socket of [incoming, outgoing]) {
      live.add(socket)
      socket.on('error', () => socket.destroy())
      socket.on('close', () => live.delete(socket))
    }
    incoming.pipe(outgoing).pipe(incoming)
    incoming.on('close', () => outgoing.destroy())
    outgoing.on('close', () => incoming.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('balancer has no port')
  balancer.port = address.port
  return balancer
}

export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  // 5 s in 20 ms steps: a local Redis round trip takes well under a millisecond.
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}
