/**
 * The live connection (DESIGN §4): socket.io-client loads lazily, signs in through the handshake's
 * `auth.token`, and writes `deal:*` and `wallet:*` pushes into the query cache, so open pages change
 * without a refetch. On a reconnect the deal and wallet queries refetch, since pushes may have been missed.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import type { Socket } from 'socket.io-client'
import type { List } from '../../shared/contract/common'
import type { Deal, DealEvent } from '../../shared/contract/deals'
import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '../../shared/contract/socket'
import { dealQueries } from '../features/deals/queries'
import { apiBase } from './http'
import { catchUp } from './offline/catch-up'
import { markReachable, markUnreachable } from './offline/reachability'
import { getSession, setWallet, subscribeSession } from './session'

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

async function openSocket(auth: SocketAuth): Promise<AppSocket> {
  const { io } = await import('socket.io-client')
  // Same origin unless the API lives elsewhere; WebSocket first, polling only where it is blocked.
  return io(apiBase() || undefined, {
    path: '/socket.io/',
    auth,
    transports: ['websocket', 'polling'],
    // 2 s (default 5 s): a returning server is found quickly; `online` reconnects at once anyway.
    reconnectionDelayMax: 2000,
  })
}

/** A deal's code -> its mission code: events name the deal, the cache is keyed by mission code. */
const missionOfDeal = new Map<string, string>()

function replaceInLists(queryClient: QueryClient, deal: Deal): void {
  const username = deal.user.username
  queryClient.setQueriesData<List<Deal>>({ queryKey: dealQueries.lists(username) }, (list) =>
    list ? { ...list, items: list.items.map((item) => (item.code === deal.code ? deal : item)) } : list,
  )
  // A state change can move the deal between lists (in progress -> completed): let the server sort it.
  void queryClient.invalidateQueries({ queryKey: dealQueries.lists(username) })
}

export function applyDealUpdate(queryClient: QueryClient, deal: Deal): void {
  missionOfDeal.set(deal.code, deal.mission.code)
  queryClient.setQueryData(dealQueries.detail(deal.user.username, deal.mission.code).queryKey, deal)
  replaceInLists(queryClient, deal)
}

export function applyDealEvent(
  queryClient: QueryClient,
  username: string,
  dealCode: string,
  event: DealEvent,
) {
  const missionCode = missionOfDeal.get(dealCode)
  if (!missionCode) return
  queryClient.setQueryData<List<DealEvent>>(dealQueries.triggers(username, missionCode).queryKey, (list) =>
    list && !list.items.some((item) => item.id === event.id)
      ? { ...list, items: [event, ...list.items], total: (list.total ?? list.items.length) + 1 }
      : list,
  )
}

/**
 * Offline support (lib/offline): a socket that reaches the server proves it is reachable, one that
 * cannot connect at the transport level means offline; when the app learns it is back online (a
 * probe, the browser's `online` event) a waiting socket reconnects at once instead of after its backoff.
 */
function wireReachability(socket: AppSocket): void {
  socket.on('connect', markReachable)
  socket.on('connect_error', (error) => {
    // A refused handshake (bad token) is not a network problem; only transport failures are.
    if ((error as Error & { type?: string }).type === 'TransportError') markUnreachable()
  })
  const unsubscribe = onlineManager.subscribe((online) => {
    if (!socket.active) {
      unsubscribe()
      return
    }
    if (online && !socket.connected) {
      // disconnect() drops the pending backoff timer; connect() dials now (the recovery id is kept).
      socket.disconnect()
      socket.connect()
    }
  })
}

function wire(socket: AppSocket, queryClient: QueryClient): void {
  let connectedBefore = false
  socket.on('connect', () => {
    // Not recovered: pushes sent while the socket was away are lost. Answers to requests sent from
    // now on include them (the server joined this socket's rooms before it said "connected").
    if (connectedBefore && !socket.recovered) void catchUp(queryClient, performance.now())
    connectedBefore = true
  })
  wireReachability(socket)
  socket.on('deal:updated', (deal) => applyDealUpdate(queryClient, deal))
  socket.on('deal:event', ({ dealCode, event }) => {
    const username = getSession().user?.username
    if (username) applyDealEvent(queryClient, username, dealCode, event)
  })
  socket.on('wallet:updated', (wallet) => {
    setWallet(wallet)
    void queryClient.invalidateQueries({ queryKey: ['wallet'] })
  })
}

let live: { token: string; socket: Promise<AppSocket> } | null = null
let users = 0
let unsubscribeSession: (() => void) | null = null

function sync(queryClient: QueryClient): void {
  const { token } = getSession()
  if (live && live.token === token) return
  const previous = live
  live = null
  if (previous) void previous.socket.then((socket) => socket.disconnect())
  if (!token) return
  const socket = openSocket({ token }).then((opened) => {
    wire(opened, queryClient)
    return opened
  })
  live = { token, socket }
}

/**
 * Keeps the signed-in socket open while at least one caller wants it, following sign-in, sign-out and
 * token changes. Returns the release function (call it on unmount).
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  users += 1
  if (!unsubscribeSession) unsubscribeSession = subscribeSession(() => sync(queryClient))
  sync(queryClient)
  return () => {
    users -= 1
    if (users > 0) return
    unsubscribeSession?.()
    unsubscribeSession = null
    const previous = live
    live = null
    if (previous) void previous.socket.then((socket) => socket.disconnect())
  }
}

/** An anonymous socket for the goal widget (an OBS source has no session). */
export function openWidgetSocket(): Promise<AppSocket> {
  return openSocket({})
}
