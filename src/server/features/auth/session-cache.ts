/**
 * Sessions this node checked within the last minute, so a signed-in request costs no
 * session query. It is only trusted while the database's revocation feed is live, and a revocation
 * drops its entries the moment it is heard:
 * - the feed is NOTIFY from triggers (migration 0002), sent at commit: a dropped session can never be
 *   read back live from a revocation that has not committed yet;
 * - a read that started before a revocation was heard is not remembered (`epoch`), so a lookup racing
 *   a revocation cannot put the revoked session back;
 * - while the feed is down nothing is served from memory, and everything is forgotten when it is back
 *   (notifications may have been missed meanwhile);
 * - an entry lives at most until its session's `last_used_at` is due for its once-a-minute refresh,
 *   which bounds how long anything the feed did not announce can be served.
 */
import type { ResolvedSession } from '#server/http/session-resolver.ts'
import type { SessionRow } from './sessions'

interface Entry {
  resolved: ResolvedSession
  userId: string
  sessionId: string
  /** Until when the entry may answer: the earlier of the next refresh of last_used_at and the expiry. */
  validUntil: number
}

// Far more sessions than one node sees in a minute; beyond it the oldest are dropped, not the process.
const MAX_ENTRIES = 100_000

export class SessionCache {
  #live = false
  /** Moves on every revocation heard and every change of the feed's state. */
  #epoch = 0
  readonly #byTokenHash = new Map<string, Entry>()
  readonly #tokenHashBySession = new Map<string, string>()
  readonly #sessionsByUser = new Map<string, Set<string>>()

  constructor(private readonly freshForMs: number) {}

  get epoch(): number {
    return this.#epoch
  }

  get size(): number {
    return this.#byTokenHash.size
  }

  /** The remembered live session of a token hash, or undefined when it must be read from the database. */
  get(tokenHash: string, now: number): ResolvedSession | undefined {
    if (!this.#live) return undefined
    const entry = this.#byTokenHash.get(tokenHash)
    if (!entry) return undefined
    if (now < entry.validUntil) return entry.resolved
    this.#drop(tokenHash, entry)
    return undefined
  }

  /** Remembers a session read from the database, unless a revocation was heard since the read began. */
  remember(tokenHash: string, row: SessionRow, readStartedAtEpoch: number): void {
    if (!this.#live || readStartedAtEpoch !== this.#epoch) return
    const previous = this.#byTokenHash.get(tokenHash)
    if (previous) this.#drop(tokenHash, previous)
    if (this.#byTokenHash.size >= MAX_ENTRIES) {
      const [oldestHash, oldest] = this.#byTokenHash.entries().next().value as [string, Entry]
      this.#drop(oldestHash, oldest)
    }
    const { user } = row.session
    const entry: Entry = {
      // Frozen: every request of the session shares this object.
      resolved: Object.freeze({
        session: Object.freeze({
          id: row.session.id,
          user: Object.freeze({ ...user, roles: Object.freeze([...user.roles]) as string[] }),
        }),
        expiresAt: row.expiresAt,
      }),
      userId: user.id,
      sessionId: row.session.id,
      validUntil: Math.min(row.lastUsedAt.getTime() + this.freshForMs, row.expiresAt.getTime()),
    }
    this.#byTokenHash.set(tokenHash, entry)
    this.#tokenHashBySession.set(entry.sessionId, tokenHash)
    let sessions = this.#sessionsByUser.get(entry.userId)
    if (!sessions) {
      sessions = new Set()
      this.#sessionsByUser.set(entry.userId, sessions)
    }
    sessions.add(entry.sessionId)
  }

  /** A revocation or account change as the feed announces it: `s:<session id>` or `u:<user id>`. */
  heard(payload: string): void {
    const id = payload.slice(2)
    if (payload.startsWith('s:')) this.forgetSession(id)
    else if (payload.startsWith('u:')) this.forgetUser(id)
    else this.#clear()
  }

  forgetSession(sessionId: string): void {
    this.#epoch += 1
    const tokenHash = this.#tokenHashBySession.get(sessionId)
    const entry = tokenHash === undefined ? undefined : this.#byTokenHash.get(tokenHash)
    if (tokenHash !== undefined && entry) this.#drop(tokenHash, entry)
  }

  forgetUser(userId: string): void {
    this.#epoch += 1
    for (const sessionId of [...(this.#sessionsByUser.get(userId) ?? [])]) this.forgetSession(sessionId)
  }

  /** The feed went down (nothing is trusted) or came back (start afresh). */
  setLive(live: boolean): void {
    this.#clear()
    this.#live = live
  }

  #clear(): void {
    this.#epoch += 1
    this.#byTokenHash.clear()
    this.#tokenHashBySession.clear()
    this.#sessionsByUser.clear()
  }

  #drop(tokenHash: string, entry: Entry): void {
    this.#byTokenHash.delete(tokenHash)
    this.#tokenHashBySession.delete(entry.sessionId)
    const sessions = this.#sessionsByUser.get(entry.userId)
    sessions?.delete(entry.sessionId)
    if (sessions?.size === 0) this.#sessionsByUser.delete(entry.userId)
  }
}
