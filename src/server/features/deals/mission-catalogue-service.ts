/**
 * The published-missions catalogue behind a short per-process cache: the deals feature's public face
 * for other features (the home page's selections read it too).
 */
import type { Executor } from '#server/db/client.ts'
import {
  type CachedAnswer,
  cachedAnswer,
  cachedBytes,
  weighCachedAnswer,
} from '#server/http/cached-answer.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import { GLOBAL_SCOPE, type ReadCache } from '#server/lib/read-cache.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { listPublishedMissions } from './missions-repository'

// The catalogue is read on every home page and dashboard visit, while it changes a few times a day.
// While the database's change feed is live (plugins/read-cache.ts), a change of any mission, provider
// or spot drops it on every node at once, so it is kept a minute; without the feed, two seconds (a
// spot count two seconds old is fine: taking a mission re-checks spots in its own transaction).
const CATALOGUE_TTL_MS = 2000
const ANNOUNCED_CATALOGUE_TTL_MS = 60_000

const changeFeeds = new WeakMap<object, ReadCache>()

/** Keeps a database's catalogue until the read cache hears that what it shows changed. */
export function keepCatalogueUntilChanged(db: Executor, cache: ReadCache): void {
  changeFeeds.set(db, cache)
  cache.onClear(() => invalidateMissionCatalogue(db))
}

const ttlOf = (db: Executor) => (changeFeeds.get(db)?.live ? ANNOUNCED_CATALOGUE_TTL_MS : CATALOGUE_TTL_MS)

interface Entry {
  expiresAt: number
  missions: Promise<Mission[]>
  /**
   * What is derived from the missions once per entry: `body`, the unfiltered list response (bytes,
   * compressed once per encoding: 50 missions are ~40 KB of JSON, and sending a string made Node
   * encode it again on every request); `pieces`, each mission's JSON for the lists signed-in users
   * filter.
   */
  derived: Map<'body' | 'pieces', Promise<unknown>>
}

const cataloguesByDatabase = new WeakMap<object, Map<SupportedLocale, Entry>>()

/**
 * The published missions in a locale, from a short-lived per-process cache. Concurrent misses share
 * one query, so a burst of visitors after expiry costs one database round trip, not a hundred.
 */
export function cachedPublishedMissions(
  db: Executor,
  locale: SupportedLocale,
  now = Date.now(),
): Promise<Mission[]> {
  let catalogue = cataloguesByDatabase.get(db)
  if (!catalogue) {
    catalogue = new Map()
    cataloguesByDatabase.set(db, catalogue)
  }
  const cached = catalogue.get(locale)
  if (cached && cached.expiresAt > now) return cached.missions
  const entry: Entry = {
    expiresAt: now + ttlOf(db),
    missions: listPublishedMissions(db, locale),
    derived: new Map(),
  }
  catalogue.set(locale, entry)
  // A failed query must not be served from the cache until it expires.
  entry.missions.catch(() => {
    if (catalogue.get(locale) === entry) catalogue.delete(locale)
  })
  return entry.missions
}

/**
 * `derive` of the published missions, computed once per cache entry (a caller holding an entry that
 * was replaced meanwhile computes its own).
 */
function derivedOnce<T>(
  db: Executor,
  locale: SupportedLocale,
  now: number,
  name: 'body' | 'pieces',
  derive: (items: Mission[]) => T,
): Promise<T> {
  const missions = cachedPublishedMissions(db, locale, now)
  const entry = cataloguesByDatabase.get(db)?.get(locale)
  if (!entry || entry.missions !== missions) return missions.then(derive)
  let value = entry.derived.get(name) as Promise<T> | undefined
  if (!value) {
    value = missions.then(derive)
    entry.derived.set(name, value)
  }
  return value
}

/** The whole catalogue as the answer of `GET /api/deals/missions` (`{ items, total }`). */
export function cachedCatalogueBody(
  db: Executor,
  locale: SupportedLocale,
  now = Date.now(),
): Promise<CachedAnswer> {
  return derivedOnce(db, locale, now, 'body', (items) => cachedAnswer({ items, total: items.length }, null))
}

const ITEMS_OPEN = Buffer.from('{"items":[')
const COMMA = Buffer.from(',')

/** Each mission's JSON bytes, for the lists that leave some out. */
const cataloguePieces = (db: Executor, locale: SupportedLocale, now: number) =>
  derivedOnce(db, locale, now, 'pieces', (items) =>
    items.map((item) => ({ code: item.code, json: Buffer.from(JSON.stringify(item)) })),
  )

/**
 * The catalogue without the missions whose codes are given, as the answer of the list
 * (`{ items, total }`): the signed-in dashboard's "available missions". Users who left out the same
 * published missions share one answer, kept in the read cache's shared scope (so a change of any
 * mission, provider or spot drops it, and its weight counts against the cache's budget); a user with
 * none of the catalogue's missions gets the public catalogue's own answer.
 */
export async function cachedCatalogueAnswerWithout(
  db: Executor,
  cache: ReadCache,
  locale: SupportedLocale,
  excludedCodes: ReadonlySet<string>,
  now = Date.now(),
): Promise<CachedAnswer> {
  const pieces = await cataloguePieces(db, locale, now)
  // In catalogue order: the same missions left out make the same key, whatever order they were taken in.
  const left = pieces.filter((piece) => excludedCodes.has(piece.code)).map((piece) => piece.code)
  if (left.length === 0) return cachedCatalogueBody(db, locale, now)
  const join = async (): Promise<CachedAnswer> => {
    const kept = pieces.filter((piece) => !excludedCodes.has(piece.code))
    const parts: Buffer[] = [ITEMS_OPEN]
    kept.forEach((piece, index) => {
      if (index > 0) parts.push(COMMA)
      parts.push(piece.json)
    })
    parts.push(Buffer.from(`],"total":${kept.length}}`))
    return cachedBytes(Buffer.concat(parts), null)
  }
  return cache.read(GLOBAL_SCOPE, `missions ${locale} without ${left.join(' ')}`, join, {
    weigh: weighCachedAnswer,
  })
}

/** Forgets the cached catalogue of a database (after an admin edit, so the editor sees it at once). */
export function invalidateMissionCatalogue(db: Executor): void {
  cataloguesByDatabase.get(db)?.clear()
}
