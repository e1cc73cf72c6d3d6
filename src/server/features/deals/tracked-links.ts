/**
 * What a tracked link answers besides the click itself: the brand's page it redirects to (built by the
 * shared integration-link function, as the app's own pages build it) and, for a code or user that
 * does not exist, a small page in the viewer's language with a way on to the site.
 */
import type { FastifyInstance } from 'fastify'
import type { SupportedLocale } from '#server/http/locale.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { buildIntegrationLink } from '#shared/integration-links.ts'
import { type DealLinkRow, findDealLink, type LoadedDeal } from './deals-repository'

const targetOf = (link: Omit<DealLinkRow, 'dealId'>): string =>
  buildIntegrationLink(
    link.integration,
    integrationLinkData({
      dealCode: link.dealCode,
      missionCode: link.missionCode,
      username: link.username,
      creatorCode: link.creatorCode,
    }),
  )

/** The brand's page a deal's tracked link leads to. */
export const brandTarget = (loaded: LoadedDeal): string =>
  targetOf({
    dealCode: loaded.row.code,
    missionCode: loaded.mission.code,
    integration: loaded.mission.integration,
    username: loaded.ownerUsername,
    creatorCode: loaded.ownerCreatorCode,
  })

/** What a tracked link's redirect needs: the deal its clicks are for and the brand's page. */
export interface TrackedLink {
  dealId: string
  target: string
}

// 10 s: a raid's taps on one link cost one lookup per 10 s per streamer per node, not one each (at 1 s,
// the lookups of 40 streamers were a tenth of the embedded database's statement time in a burst). A
// change of the mission (its brand page), of any provider, or of a deal's state (stopped, deleted, its
// owner's account deleted) drops every link at once, as the database announces it (the read cache's
// `*`); only a renamed streamer's old link is followed for at most this long.
const LINK_MAX_AGE_MS = 10_000
// A bound on what junk addresses can make a node hold; past it everything is forgotten.
const LINKS_KEPT = 10_000

interface KeptLink {
  link: Promise<TrackedLink | null>
  until: number
}

const keptLinks = new WeakMap<FastifyInstance, Map<string, KeptLink>>()

function linksOf(app: FastifyInstance): Map<string, KeptLink> {
  let links = keptLinks.get(app)
  if (!links) {
    const kept = new Map<string, KeptLink>()
    app.readCache.onClear(() => kept.clear())
    keptLinks.set(app, kept)
    links = kept
  }
  return links
}

/**
 * The deal and brand page behind `/redir/cpc/{code}/{username}`, remembered by this node for ten seconds
 * while the read cache's change feed is live (never while it is down); a link that leads nowhere is
 * asked again each time.
 */
export function trackedLink(
  app: FastifyInstance,
  username: string,
  code: string,
): Promise<TrackedLink | null> {
  const load = async () => {
    const found = await findDealLink(app.db, username, code)
    return found ? { dealId: found.dealId, target: targetOf(found) } : null
  }
  if (!app.readCache.live) return load()
  const links = linksOf(app)
  const key = `${code}\n${username.toLowerCase()}`
  const now = Date.now()
  const kept = links.get(key)
  if (kept && now < kept.until) return kept.link
  if (links.size >= LINKS_KEPT) links.clear()
  const link = load()
  const entry = { link, until: now + LINK_MAX_AGE_MS }
  links.set(key, entry)
  const forget = () => {
    if (links.get(key) === entry) links.delete(key)
  }
  link.then((found) => found ?? forget(), forget)
  return link
}

const unknownLinkCopy: Record<SupportedLocale, { title: string; body: string; link: string }> = {
  en: {
    title: 'This link leads nowhere',
    body: 'No streamer’s deal matches this tracked link. It may have been copied wrong.',
    link: 'Go to Streamdeals',
  },
  fr: {
    title: 'Ce lien ne mène nulle part',
    body: 'Aucun deal de streamer ne correspond à ce lien suivi. Il a peut-être été mal recopié.',
    link: 'Aller sur Streamdeals',
  },
  es: {
    title: 'Este enlace no lleva a ninguna parte',
    body: 'Ningún deal de streamer corresponde a este enlace de seguimiento. Puede que se haya copiado mal.',
    link: 'Ir a Streamdeals',
  },
}

/** The page of a tracked link whose mission code or streamer does not exist (sent with a 404). */
export function unknownLinkPage(locale: SupportedLocale): string {
  const copy = unknownLinkCopy[locale]
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${copy.title} · Streamdeals</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a2e}a{color:#6d28d9}</style>
</head>
<body>
<main>
<h1>${copy.title}</h1>
<p>${copy.body}</p>
<p><a href="/">${copy.link}</a></p>
</main>
</body>
</html>
`
}
