/**
 * Answers of signed-in reads kept in this node's memory until the database says they changed
 * (the deal list, the wallet and the signed-in catalogue are what every streamer loads on
 * every visit, and each cost a query and a serialisation per request).
 *
 * Entries live in scopes: one per user (`u:<user id>` from the database drops that user's entries) and
 * one shared by everyone (`GLOBAL`; `*` from the database drops every scope). The rules that keep it
 * exact, the same as the session cache's:
 * - an entry holds the promise of its load from the moment the load starts, so a change heard while
 *   a load is running drops that load too: nothing read before a change is served after it was heard;
 * - while the change feed is down nothing is served from memory, and everything is forgotten when it
 *   comes back (changes may have been missed meanwhile);
 * - an entry lives at most `maxAgeMs` (and no longer than its own `validUntil`, for answers that turn
 *   stale with time, like pending earnings that become available): that bounds what the feed does not
 *   announce.
 */

export const GLOBAL_SCOPE = '*'

interface Entry {
  value: Promise<unknown>
  validUntil: number
  bytes: number
}

export interface ReadOptions<T> {
  /** How long the answer may be served (default: the cache's maximum age). */
  maxAgeMs?: number
  /** A moment (epoch ms) after which this answer is stale whatever the database says, or null. */
  validUntil?: (value: T) => number | null
  /** Its weight in bytes against the cache's budget (default 1 KB). */
  weigh?: (value: T) => number
}

export interface ReadCacheOptions {
  maxAgeMs: number
  /** Beyond this total weight, the least recently filled scopes are dropped first. */
  maxBytes: number
}

const DEFAULT_WEIGHT = 1024

export class ReadCache {
  #live = false
  #bytes = 0
  /** Scopes in the order they were last filled: the first is the first dropped when over budget. */
  readonly #scopes = new Map<string, Map<string, Entry>>()
  readonly #listeners = new Set<() => void>()

  constructor(private readonly options: ReadCacheOptions) {}

  get live(): boolean {
    return this.#live
  }

  /** Total weight held, in bytes (for tests and metrics). */
  get bytes(): number {
    return this.#bytes
  }

  /**
   * The answer of `load` under `key` in `scope`: remembered while the feed is live, loaded afresh
   * otherwise. Concurrent reads of the same key share one load.
   */
  read<T>(scope: string, key: string, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    if (!this.#live) return load()
    const now = Date.now()
    const entries = this.#scopes.get(scope)
    const found = entries?.get(key)
    if (found && now < found.validUntil) return found.value as Promise<T>
    if (found) this.#forget(scope, key)

    const value = load()
    const entry: Entry = {
      value,
      validUntil: now + (options.maxAgeMs ?? this.options.maxAgeMs),
      // Weighed once loaded: a load in flight holds no answer yet.
      bytes: 0,
    }
    this.#store(scope, key, entry)
    value.then(
      (answer) => {
        if (this.#scopes.get(scope)?.get(key) !== entry) return
        const until = options.validUntil?.(answer)
        if (until != null) entry.validUntil = Math.min(entry.validUntil, until)
        const bytes = options.weigh?.(answer) ?? DEFAULT_WEIGHT
        this.#bytes += bytes - entry.bytes
        entry.bytes = bytes
        this.#trim()
      },
      // A failed load is not remembered: the next read tries again.
      () => {
        if (this.#scopes.get(scope)?.get(key) === entry) this.#forget(scope, key)
      },
    )
    return value
  }

  /** What the database announced: `u:<user id>` drops that user's answers, `*` everything. */
  heard(payload: string): void {
    if (payload === GLOBAL_SCOPE) this.clear()
    else if (payload.startsWith('u:')) this.changed(payload.slice(2))
  }

  /** Drops a user's answers (their own write on this node: read-your-writes without waiting for the feed). */
  changed(userId: string): void {
    const entries = this.#scopes.get(userId)
    if (!entries) return
    for (const entry of entries.values()) this.#bytes -= entry.bytes
    this.#scopes.delete(userId)
  }

  /** Drops everything, and tells whoever keeps answers of their own (the public catalogue). */
  clear(): void {
    this.#scopes.clear()
    this.#bytes = 0
    for (const listener of this.#listeners) listener()
  }

  /** Calls `listener` whenever everything is dropped: `*` heard, or the feed went down or came back. */
  onClear(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The feed's state: nothing is trusted while it is down, and nothing from before it came back. */
  setLive(isLive: boolean): void {
    if (isLive === this.#live) return
    this.#live = isLive
    this.clear()
  }

  #store(scope: string, key: string, entry: Entry): void {
    let entries = this.#scopes.get(scope)
    if (entries) this.#scopes.delete(scope)
    else entries = new Map()
    // Re-inserted last: the scope filled most recently is the last dropped.
    this.#scopes.set(scope, entries)
    entries.set(key, entry)
    this.#bytes += entry.bytes
    this.#trim()
  }

  #forget(scope: string, key: string): void {
    const entries = this.#scopes.get(scope)
    const entry = entries?.get(key)
    if (!entries || !entry) return
    this.#bytes -= entry.bytes
    entries.delete(key)
    if (entries.size === 0) this.#scopes.delete(scope)
  }

  #trim(): void {
    for (const [scope] of this.#scopes) {
      if (this.#bytes <= this.options.maxBytes) return
      this.changed(scope)
    }
  }
}
