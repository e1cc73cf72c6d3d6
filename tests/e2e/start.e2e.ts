import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { stopServer, waitUntilReady } from './built-server'

// What `npm start` serves, checked on the built server itself (its own port and data directory),
// including a restart on the same DATA_DIR.
const port = Number(process.env.E2E_START_PORT ?? 4123)
const base = `http://127.0.0.1:${port}`
const dist = process.env.E2E_DIST ?? 'dist'

function startServer(dataDir: string): ChildProcess {
  const env = { ...process.env }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  return spawn(process.execPath, [join(dist, 'server', 'index.js')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CLIENT_DIR: join(dist, 'client'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

test('the built server serves the app, the API and health, and keeps its data across a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'streamdeals-start-'))
  let server = startServer(dataDir)
  try {
    await waitUntilReady(base)

    const home = await fetch(`${base}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('rel="manifest"')
    const manifest = await fetch(`${base}/manifest.webmanifest`)
    expect(manifest.status).toBe(200)
    expect((await manifest.json()).start_url).toBe('/dashboard/deal')
    expect((await fetch(`${base}/sw.js`)).status).toBe(200)
    for (const route of ['/faq', '/dashboard/deal']) {
      const page = await fetch(`${base}${route}`)
      expect(page.status, route).toBe(200)
      expect(page.headers.get('content-type'), route).toContain('text/html')
    }
    const missions = await (await fetch(`${base}/api/deals/missions`)).json()
    expect(missions.items.length).toBeGreaterThan(0)
    const nope = await fetch(`${base}/api/nope`)
    expect(nope.status).toBe(404)
    expect((await nope.json()).code).toBe('NOT_FOUND')
    expect((await fetch(`${base}/healthz`)).status).toBe(200)

    // A second process on the same data directory must refuse to start, and say why.
    const intruder = spawn(process.execPath, [join(dist, 'server', 'index.js')], {
      env: { ...process.env, DATABASE_URL: '', PORT: String(port + 1), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let intruderOutput = ''
    intruder.stderr?.on('data', (chunk) => {
      intruderOutput += chunk
    })
    const intruderExit = await new Promise<number | null>((resolve) => intruder.once('exit', resolve))
    expect(intruderExit).not.toBe(0)
    expect(intruderOutput).toMatch(/in use/i)

    expect(await stopServer(server)).toBe(0)
    server = startServer(dataDir)
    await waitUntilReady(base)
    const again = await (await fetch(`${base}/api/deals/missions`)).json()
    expect(again.items.map((mission: { code: string }) => mission.code)).toEqual(
      missions.items.map((mission: { code: string }) => mission.code),
    )
    expect(await stopServer(server)).toBe(0)
  } finally {
    // A failed assertion must not leave a server holding the port for the next run.
    if (server.exitCode === null) server.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})
