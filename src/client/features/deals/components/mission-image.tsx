import type { ImgHTMLAttributes } from 'react'
import { mediaUrl } from '#client/lib/media.ts'
import type { Mission } from '#shared/contract/deals.ts'

type ImageOptions = Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'>

/**
 * A mission's picture: its thumbnail, or its brand's logo when it has none. Decorative (`alt=""`):
 * the title beside it says what it is. Width and height reserve its box before it loads.
 */
export function MissionImage({
  mission,
  width,
  height,
  ...options
}: { mission: Mission; width: number; height: number } & ImageOptions) {
  const source = mediaUrl(mission.thumbnail ?? mission.provider.logo)
  return <img src={source} alt="" width={width} height={height} {...options} />
}
