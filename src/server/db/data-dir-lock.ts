/**
 * One process per data directory: the embedded database is a single-writer store, and two processes on
 * the same files would corrupt it. The lock is a file holding the owner's pid, made to appear atomically
 * (written aside, then hard-linked into place, so nobody ever reads it half-written).
 */
import { randomBytes } from 'node:crypto'
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const lockFileName = 'streamdeals.lock'

/** Locks held by this process; a lock file with our own pid that is not in here is left from an earlier
 * run that happened to get the same pid (pid 1 in a restarted container). */
const heldLocks = new Set<string>()

export interface DataDirLock {
  readonly path: string
  release(): void
}

const readPid = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

const isAlive = (pid: number, path: string): boolean => {
  if (pid === process.pid) return heldLocks.has(path)
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

const tryCreate = (path: string): boolean => {
  const staging = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(staging, `${process.pid}\n`)
  try {
    linkSync(staging, path)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(staging)
  }
}

/** Moves a stale lock aside; if someone else replaced it meanwhile, puts theirs back untouched. */
const removeStale = (path: string, stalePid: number | null) => {
  const aside = `${path}.stale.${randomBytes(4).toString('hex')}`
  try {
    renameSync(path, aside)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return
    throw error
  }
  if (readPid(aside) !== stalePid) {
    try {
      linkSync(aside, path)
    } catch {
      // Another process already holds a fresh lock; ours to lose, and the next attempt will see it.
    }
  }
  unlinkSync(aside)
}

export const acquireDataDirLock = (
  dataDir: string,
  onTakeover?: (stalePid: number | null) => void,
): DataDirLock => {
  const path = join(dataDir, lockFileName)
  // A few rounds are enough: each round either wins the lock, finds a live owner, or clears a stale one.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(path)) {
      heldLocks.add(path)
      return {
        path,
        release: () => {
          if (!heldLocks.delete(path)) return
          if (readPid(path) === process.pid) unlinkSync(path)
        },
      }
    }
    const pid = readPid(path)
    if (pid !== null && isAlive(pid, path)) {
      throw new Error(
        `data directory ${dataDir} is in use by process ${pid}; stop it or use another DATA_DIR`,
      )
    }
    onTakeover?.(pid)
    removeStale(path, pid)
  }
  throw new Error(`could not lock data directory ${dataDir}; another process keeps taking it`)
}
