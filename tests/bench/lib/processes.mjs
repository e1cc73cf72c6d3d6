/** Child processes for the bench: free ports, servers started and awaited, and stopped again. */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'

export async function freePort() {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address()
  server.close()
  await once(server, 'close')
  return port
}

/** Environment for a child: ours without any database/Redis settings unless the caller gives them. */
export function childEnv(extra) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  return { ...env, LOG_LEVEL: 'warn', ...extra }
}

/** Runs a node script to completion and returns its stdout; throws with its output on failure. */
export async function runNode(script, env) {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.on('data', (chunk) => {
    err += chunk
  })
  const [code] = await once(child, 'exit')
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${err || out}`)
  return out
}

/** Starts a node script serving HTTP on `port` and resolves once `readyPath` answers 200. */
export async function startServer(script, { port, env, readyPath = '/readyz', stdin = 'ignore' }) {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" profiles the servers under test.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...env, PORT: String(port) },
    stdio: [stdin, 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const waiters = []
  lines.on('line', (line) => {
    for (const waiter of [...waiters]) {
      if (line.startsWith(waiter.prefix)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(line)
      }
    }
  })
  let exited = false
  child.once('exit', () => {
    exited = true
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    if (exited) throw new Error(`${script} exited before it was ready`)
    if (Date.now() > deadline) throw new Error(`${script} was not ready within two minutes`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}${readyPath}`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    /** Resolves with the next stdout line starting with `prefix`. */
    line: (prefix) => new Promise((resolve) => waiters.push({ prefix, resolve })),
    async stop() {
      if (exited) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}
