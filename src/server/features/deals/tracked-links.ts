/**
 * What a tracked link answers besides the click itself: the brand's page it redirects to (built by the
 * shared integration-link function, as the app's own pages build it) and, for a code or user that
 * does not exist, a small page in the viewer's language with a way on to the site.
 */
import type { SupportedLocale } from '#server/http/locale.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { buildIntegrationLink } from '#shared/integration-links.ts'
import type { LoadedDeal } from './deals-repository'

/** The brand's page a deal's tracked link leads to. */
export const brandTarget = (loaded: LoadedDeal): string =>
  buildIntegrationLink(
    loaded.mission.integration,
    integrationLinkData({
      dealCode: loaded.row.code,
      missionCode: loaded.mission.code,
      username: loaded.ownerUsername,
      creatorCode: loaded.ownerCreatorCode,
    }),
  )

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
