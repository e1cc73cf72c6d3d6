/** What end-to-end tests that run a server of their own share: the browser's flags, readiness, stop. */
import type { ChildProcess } from 'node:child_process'

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
