import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPgliteDataDir, type TestDatabase, testDatabaseKind } from '../support/test-db'

// 30 SIGKILLs of a process committing to the embedded database, each at a random moment (while it
// opens, between commits, mid-transaction): afterwards the database opens, every write the process
// acknowledged is there, and no transaction is half-applied.

const cycles = Number(process.env.CRASH_CYCLES ?? 30)
const root = resolve(import.meta.dirname, '../..')
let workDir: string
let writer: string
let database: TestDatabase

beforeAll(async () => {
  // Bundled once (the child then starts in a fraction of tsx's time) beside a copy of the migrations,
  // inside the project so its packages resolve.
  workDir = mkdtempSync(join(root, '.build', 'crash-safety-'))
  writer = join(workDir, 'writer.mjs')
  await build({
    entryPoints: [join(import.meta.dirname, 'crash-safety-writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: writer,
    logLevel: 'warning',
  })
  cpSync(join(root, 'src/server/db/migrations'), join(workDir, 'migrations'), { recursive: true })
  database = await createPgliteDataDir()
}, 60_000)

afterAll(async () => {
  await database?.cleanup()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

const start = (mode: string): ChildProcess =>
  spawn(process.execPath, [writer, database.dataDir, mode], { stdio: ['ignore', 'pipe', 'inherit'] })

const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode)
    else child.once('exit', (code) => done(code))
  })

interface Cycle {
  acked: number[]
  /** The highest id the process found when it opened the database. */
  foundOnOpen: number | null
}

/** Runs one writer and SIGKILLs it after `acksBeforeKill` acknowledged commits (0: right after opening). */
async function crashCycle(cycle: number, acksBeforeKill: number, killWhileOpening: boolean): Promise<Cycle> {
  const child = start(String(cycle))
  const result: Cycle = { acked: [], foundOnOpen: null }
  const kill = () => child.kill('SIGKILL')
  if (killWhileOpening) setTimeout(kill, Math.random() * 400)
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  lines.on('line', (line) => {
    const [word, value] = line.split(' ')
    if (word === 'ready') {
      result.foundOnOpen = Number(value)
      if (acksBeforeKill === 0) kill()
    } else if (word === 'ack') {
      result.acked.push(Number(value))
      if (result.acked.length >= acksBeforeKill) kill()
    }
  })
  await exited(child)
  lines.close()
  return result
}

// The embedded database's own crash safety: once, in the PGlite project.
test.skipIf(testDatabaseKind() !== 'pglite')(
  `${cycles} SIGKILLs during writes leave a database that opens with every acknowledged write`,
  async () => {
    const ackedBy = new Map<number, number>()
    let lastAcked = 0
    for (let cycle = 1; cycle <= cycles; cycle++) {
      // Every fifth cycle dies while opening the database; the others after 0 to 60 commits.
      const whileOpening = cycle % 5 === 0
      const { acked, foundOnOpen } = await crashCycle(cycle, Math.floor(Math.random() * 60), whileOpening)
      if (foundOnOpen !== null) {
        // What the previous processes acknowledged was there when this one opened the database.
        expect(foundOnOpen, `cycle ${cycle} opened without the earlier writes`).toBeGreaterThanOrEqual(
          lastAcked,
        )
      } else {
        expect(whileOpening, `cycle ${cycle} never opened the database`).toBe(true)
      }
      for (const id of acked) ackedBy.set(id, cycle)
      lastAcked = Math.max(lastAcked, ...acked)
    }
    const verify = start('verify')
    const chunks: Buffer[] = []
    verify.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
    expect(await exited(verify), 'the database opens after the last crash').toBe(0)
    const rows = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Array<{
      id: number
      cycle: number | null
      mirrored: boolean
    }>
    const stored = new Map(rows.map((row) => [row.id, row.cycle]))
    const lost = [...ackedBy].filter(([id, cycle]) => stored.get(id) !== cycle)
    expect(lost, 'acknowledged writes missing (or overwritten) after the crashes').toEqual([])
    const halfApplied = rows.filter((row) => row.cycle === null || !row.mirrored)
    expect(halfApplied, 'transactions half-applied').toEqual([])
    expect(ackedBy.size).toBeGreaterThan(cycles)
  },
  600_000,
)
