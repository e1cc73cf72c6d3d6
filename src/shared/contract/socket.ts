/**
 * Socket.io event typing shared by the server (`new Server<ClientToServerEvents, ServerToClientEvents>`)
 * and the client. Type-only imports: the live client must not pull arktype in.
 */
import type { Deal, DealEvent, WidgetProgress } from './deals'
import type { Wallet } from './wallet'

export interface DealEventPayload {
  dealCode: string
  event: DealEvent
}

/**
 * A mission's spend after a credit, a rejection over budget or a top-up, sent to the members
 * of its provider after the commit. Cents; budget and remaining are null for a mission without a cap.
 */
export interface BrandBudgetPayload {
  providerSlug: string
  missionCode: string
  spentCents: number
  budgetCents: number | null
  remainingCents: number | null
  validClicks: number
}

export interface ServerToClientEvents {
  'deal:updated': (deal: Deal) => void
  'deal:event': (payload: DealEventPayload) => void
  'wallet:updated': (wallet: Wallet) => void
  'widget:progress': (progress: WidgetProgress) => void
  /** The streamer pressed "send a test alert": overlays show a sample alert; nothing was counted. */
  'widget:test-alert': (payload: { token: string }) => void
  'brand:budget': (payload: BrandBudgetPayload) => void
  /** The session token was revoked (logout elsewhere, password reset): the client signs out. */
  'session:revoked': () => void
}

export interface WidgetSubscribeAck {
  ok: boolean
  error?: string
}

/** Widgets are public (OBS sources have no session): they join a room by their widget token. */
export interface ClientToServerEvents {
  'widget:subscribe': (token: string, ack?: (result: WidgetSubscribeAck) => void) => void
  'widget:unsubscribe': (token: string) => void
}

/** Handshake `auth` payload; signed-out sockets (widgets) send none. */
export interface SocketAuth {
  token?: string
}
