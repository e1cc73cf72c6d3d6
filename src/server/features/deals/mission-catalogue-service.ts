/**
 * The published-missions catalogue behind a short per-process cache: the deals feature's public face
 * for other features (the home page's selections read it too).
 */
import type { Executor } from '#server/db/client.ts'
import { type CachedAnswer, cachedAnswer } from '#server/http/cached-answer.ts'
import type { SupportedLocale } from '#server/http/locale.ts'
import type { ReadCache } from '#server/lib/read-cache.ts'
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
   * The unfiltered list response, serialised once per entry (and compressed once per encoding):
   * 50 missions are ~40 KB of JSON. Kept as bytes: sending a string made Node encode those 40 KB again
   * on every request (the public catalogue's garbage collection was 39% of its CPU).
   */
  body?: Promise<CachedAnswer>
  /** Each mission's JSON bytes, serialised once per entry, for the lists signed-in users filter. */
  pieces?: Promise<Array<{ code: string; json: Buffer }>>
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
  const entry: Entry = { expiresAt: now + ttlOf(db), missions: listPublishedMissions(db, locale) }
  catalogue.set(locale, entry)
  // A failed query must not be served from the cache until it expires.
  entry.missions.catch(() => {
    if (catalogue.get(locale) === entry) catalogue.delete(locale)
  })
  return entry.missions
}

/**
 * The whole catalogue as the JSON body of `GET /api/deals/missions` (`{ items, total }`), serialised
 * once per cache entry instead of once per request.
 */
export function cachedCatalogueBody(
  db: Executor,
  locale: SupportedLocale,
  now = Date.now(),
): Promise<CachedAnswer> {
  const missions = cachedPublishedMissions(db, locale, now)
  const entry = cataloguesByDatabase.get(db)?.get(locale)
  const serialise = (items: Mission[]) => cachedAnswer({ items, total: items.length }, null)
  if (!entry || entry.missions !== missions) return missions.then(serialise)
  entry.body ??= missions.then(serialise)
  return entry.body
}

const ITEMS_OPEN = Buffer.from('{"items":[')
const COMMA = Buffer.from(',')

/**
 * The catalogue without the missions whose codes are given, as the JSON body of the list
 * (`{ items, total }`): the signed-in dashboard's "available missions". Each mission was serialised
 * once per cache entry; a request only joins the ones it keeps.
 */
export async function cachedCatalogueBodyWithout(
  db: Executor,
  locale: SupportedLocale,
  excludedCodes: ReadonlySet<string>,
  now = Date.now(),
): Promise<Buffer> {
  const missions = cachedPublishedMissions(db, locale, now)
  const entry = cataloguesByDatabase.get(db)?.get(locale)
  const serialise = (items: Mission[]) =>
    items.map((item) => ({ code: item.code, json: Buffer.from(JSON.stringify(item)) }))
  let pieces: Promise<Array<{ code: string; json: Buffer }>>
  if (entry && entry.missions === missions) {
    entry.pieces ??= missions.then(serialise)
    pieces = entry.pieces
  } else {
    pieces = missions.then(serialise)
  }
  const kept = (await pieces).filter((piece) => !excludedCodes.has(piece.code))
  const parts: Buffer[] = [ITEMS_OPEN]
  kept.forEach((piece, index) => {
    if (index > 0) parts.push(COMMA)
    parts.push(piece.json)
  })
  parts.push(Buffer.from(`],"total":${kept.length}}`))
  return Buffer.concat(parts)
}

/** Forgets the cached catalogue of a database (after an admin edit, so the editor sees it at once). */
export function invalidateMissionCatalogue(db: Executor): void {
  cataloguesByDatabase.get(db)?.clear()
}
