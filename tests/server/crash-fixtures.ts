/**
 * A real server process for the crash tests: the production bundle, as `npm start` runs it, started on a
 * free port against a test database and ended with SIGKILL at once.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { TestDatabase } from '../support/test-db'

// 90 s: a start takes a few seconds, but a loaded CI machine can make PGlite's recovery much slower.
const START_TIMEOUT_MS = 90_000

export interface ServerBundle {
  workDir: string
  serverBundle: string
  cleanup: () => void
}

/** Builds the production bundle (one plain node process) with its migrations into a fresh directory. */
export async function buildServerBundle(name: string): Promise<ServerBundle> {
  // Inside the project, so the bundle resolves its external packages from our node_modules.
  mkdirSync('.build', { recursive: true })
  const workDir = mkdtempSync(join(process.cwd(), '.build', `${name}-`))
  const serverBundle = join(workDir, 'server', 'index.js')
  await build({
    entryPoints: ['src/server/index.ts'],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    outfile: serverBundle,
    logLevel: 'silent',
  })
  cpSync('src/server/db/migrations', join(workDir, 'server', 'migrations'), {
    recursive: true,
  })
  return {
    workDir,
    serverBundle,
    cleanup: () => rmSync(workDir, { recursive: true, force: true }),
  }
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })

export interface StartOptions {
  database: TestDatabase
  port: number
  /** Extra environment for the server process. */
  env?: Record<string, string>
  /**
   * Starts to try: a start can fail on a saturated machine (Fastify's plugin timeout), which is load,
   * not a crash bug.
   */
  attempts?: number
}

/** Starts the bundle and waits until it answers /readyz. */
export async function startServer(bundle: ServerBundle, options: StartOptions): Promise<ChildProcess> {
  const attempts = options.attempts ?? 1
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(bundle, options)
    } catch (error) {
      // Fastify's plugin timeout (the process exits) or our own readiness deadline: both are load.
      const timedOut =
        error instanceof Error && /did not start in time|did not become ready/.test(error.message)
      if (!timedOut || attempt >= attempts) throw error
    }
  }
}

async function startServerOnce(
  { workDir, serverBundle }: ServerBundle,
  { database, port, env }: StartOptions,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: workDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: join(workDir, 'no-client'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stderr?.on('data', collect)
  child.stdout?.on('data', collect)
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${output}`)
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return child
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not become ready: ${output}`)
}

/** SIGKILL, resolved once the process is gone. */
export const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

/**
 * Kills the server mid-stream: once it has answered `minAnswers` more requests (a loaded machine is slow
 * to start serving), then after a random delay within `killAfterMs`, so the kill lands inside requests in
 * flight.
 */
export async function killWhileAnswering(
  child: ChildProcess,
  answered: () => number,
  minAnswers: number,
  killAfterMs: [number, number],
): Promise<void> {
  const answeredBefore = answered()
  const waitUntil = Date.now() + START_TIMEOUT_MS
  while (answered() < answeredBefore + minAnswers && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await new Promise((resolve) => setTimeout(resolve, randomInt(...killAfterMs)))
  await kill(child)
}
