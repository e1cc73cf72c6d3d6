import { OverlayPage } from './overlay-page'
import { isOverlayKind, parseOverlaySettings } from './overlay-settings'

/** The overlay route's lazily loaded part: an unknown kind shows the goal bar, older URLs' overlay. */
export default function OverlayRoute({ kind, search }: { kind: string; search: Record<string, unknown> }) {
  return <OverlayPage kind={isOverlayKind(kind) ? kind : 'goal'} settings={parseOverlaySettings(search)} />
}
