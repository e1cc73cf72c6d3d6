/**
 * What end-to-end tests share: the browser's flags, readiness, stop, and calls sent from a loopback
 * address of their choosing.
 */
import type { ChildProcess } from 'node:child_process'
import { request as httpRequest } from 'node:http'

// Without these, Chromium keeps dialling Google's hosts, which this closed network refuses.
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Waits for `/readyz`: 120 s in 100 ms steps, since a cold start migrates and seeds the database. */
export async function waitUntilReady(base: string): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server at ${base} did not become ready`)
}

/** SIGTERM, then the exit code once the server has shut down (null when it was already gone). */
export async function stopServer(server: ChildProcess | null): Promise<number | null> {
  if (!server || server.exitCode !== null) return server?.exitCode ?? null
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  return exited
}

export interface SentFrom {
  status: number
  body: Record<string, unknown>
}

/**
 * One JSON call to `base` sent from `from`, a loopback address of the caller's choosing (the whole
 * 127/8 range reaches the server): the server sees a client on another machine. A click's identity is
 * its address, and a streamer's sign-up address is theirs, so viewers and streamers need their own.
 */
export function sendFrom(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { from: string; headers?: Record<string, string>; body?: unknown },
): Promise<SentFrom> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${base}${path}`,
      {
        method,
        localAddress: options.from,
        // A JSON content type with no body is a 400: only calls with a body announce one.
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => {
          let body: Record<string, unknown> = {}
          try {
            body = text ? JSON.parse(text) : {}
          } catch {
            body = { text }
          }
          resolve({ status: response.statusCode ?? 0, body })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body === undefined ? undefined : JSON.stringify(options.body))
  })
}
