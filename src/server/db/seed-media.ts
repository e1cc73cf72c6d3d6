/**
 * Demo brand art: provider logos and one thumbnail per demo mission, small SVGs committed under
 * public/media/demo/ with content-hashed names (a changed picture gets a new name, so browsers may keep
 * them for good). The server serves that folder under /uploads/demo/, beside the uploaded media, so the
 * seeded rows point at them like at any upload (/uploads/<path><reference>).
 */
import type { StoredMedia } from './schema-types'

const DEMO_MEDIA_PATH = 'demo/'

const providerLogos: Record<string, string> = {
  'nova-games': 'nova-games.d199ef0b.svg',
  'armored-front': 'armored-front.c328fbd6.svg',
  'spike-energy': 'spike-energy.765c7b49.svg',
  'arcade-hub': 'arcade-hub.4f60a16b.svg',
}

const missionThumbnails: Record<string, string> = {
  'starfall-launch': 'starfall-launch.3485a870.svg',
  'starfall-creator-pack': 'starfall-creator-pack.03983051.svg',
  'starfall-wishlist': 'starfall-wishlist.d7e7bba2.svg',
  'armored-front-recruits': 'armored-front-recruits.28215f7a.svg',
  'armored-front-tournament': 'armored-front-tournament.38c23811.svg',
  'spike-summer-drop': 'spike-summer-drop.cab25456.svg',
  'spike-season-pass': 'spike-season-pass.a6f057e7.svg',
  'arcade-retro-night': 'arcade-retro-night.391f1119.svg',
  'arcade-speedrun': 'arcade-speedrun.29cd1a20.svg',
  'arcade-community-code': 'arcade-community-code.32d9081a.svg',
}

const media = (reference: string | undefined): StoredMedia | null =>
  reference ? { path: DEMO_MEDIA_PATH, reference } : null

export const demoProviderLogo = (slug: string): StoredMedia | null => media(providerLogos[slug])
export const demoMissionThumbnail = (code: string): StoredMedia | null => media(missionThumbnails[code])
