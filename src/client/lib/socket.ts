/**
 * The live connection: socket.io-client loads lazily, signs in through the handshake's
 * `auth.token`, and hands each push to the handlers features registered (`deal:*` and `wallet:*`
 * write into the query cache), so open pages change without a refetch. When it connects (first, or
 * again without recovering its session) the live queries on screen refetch, since pushes may have
 * been missed.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '#shared/contract/socket.ts'
import { featuresReady } from './features-ready'
import { whenFirstScreenPainted } from './first-paint'
import { apiBase } from './http'
import { catchUp } from './offline/catch-up'
import { markReachable, markUnreachable } from './offline/reachability'
import { getSession, subscribeSession } from './session'

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

async function openSocket(auth: SocketAuth): Promise<AppSocket> {
  // Opening it is no part of the first screen, which shows what is cached (lib/first-paint.ts).
  await whenFirstScreenPainted()
  // The features' handlers are registered before the first push can arrive.
  const [{ io }] = await Promise.all([import('socket.io-client'), featuresReady()])
  // Same origin unless the API lives elsewhere; WebSocket first, polling only where it is blocked.
  return io(apiBase() || undefined, {
    path: '/socket.io/',
    auth,
    transports: ['websocket', 'polling'],
    // 2 s (default 5 s): a returning server is found quickly; `online` reconnects at once anyway.
    reconnectionDelayMax: 2000,
  })
}

/**
 * What a feature does with a server push, per event (typed by the socket contract). Handlers get the
 * query client and the event's arguments; features register them from the composition root.
 */
export type LiveHandlers = {
  [E in keyof ServerToClientEvents]?: (
    queryClient: QueryClient,
    ...args: Parameters<ServerToClientEvents[E]>
  ) => void
}

const registeredHandlers = new Set<LiveHandlers>()

/** A feature's socket event handlers; sockets opened from now on deliver their events to them. */
export function registerLiveHandlers(handlers: LiveHandlers): void {
  registeredHandlers.add(handlers)
}

/**
 * One event's handler on the socket. The handler is typed by `LiveHandlers`; socket.io's own overloads
 * cannot follow a generic event name, so the listener goes through the untyped view of the socket.
 */
function listen<E extends keyof ServerToClientEvents>(
  socket: AppSocket,
  event: E,
  handler: NonNullable<LiveHandlers[E]>,
  queryClient: QueryClient,
): void {
  const untyped = socket as unknown as Socket
  untyped.on(event as string, (...args: Parameters<ServerToClientEvents[E]>) => handler(queryClient, ...args))
}

/**
 * Offline support (lib/offline): a socket that reaches the server proves it is reachable, one that
 * cannot connect at the transport level means offline; when the app learns it is back online (a
 * probe, the browser's `online` event) a waiting socket reconnects at once instead of after its backoff.
 * While the browser itself is offline (`navigator.onLine` false, the `offline` event) the socket stops
 * dialling altogether — every attempt would fail at once, a WebSocket error each 2 s at most — and
 * dials again on `online`.
 */
function wireReachability(socket: AppSocket): void {
  // Paused by us while the browser is offline; a socket closed for good (sign-out) is not paused.
  let paused = false
  const pause = () => {
    if (!socket.active || paused) return
    paused = true
    socket.disconnect()
  }
  const resume = () => {
    if (!paused) return
    paused = false
    if (!retired.has(socket)) socket.connect()
  }
  const onOffline = () => pause()
  const onOnline = () => resume()
  window.addEventListener('offline', onOffline)
  window.addEventListener('online', onOnline)
  socket.on('connect', markReachable)
  socket.on('connect_error', (error) => {
    // A refused handshake (bad token) is not a network problem; only transport failures are.
    if ((error as Error & { type?: string }).type === 'TransportError') markUnreachable()
    if (!navigator.onLine) pause()
  })
  if (!navigator.onLine) pause()
  const unsubscribe = onlineManager.subscribe((online) => {
    if (retired.has(socket) || (!socket.active && !paused)) {
      // Closed for good: nothing more to follow.
      unsubscribe()
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
      return
    }
    if (online && paused && navigator.onLine) resume()
    else if (online && !paused && !socket.connected) {
      // disconnect() drops the pending backoff timer; connect() dials now (the recovery id is kept).
      socket.disconnect()
      socket.connect()
    }
  })
}

function wire(socket: AppSocket, queryClient: QueryClient): void {
  socket.on('connect', () => {
    // Not recovered: pushes sent while the socket was away are lost. So are those sent before its
    // first connection, which opens after the first screen: a click between a deal list's answer and
    // this moment would never show. Answers to requests sent from now on include them (the server
    // joined this socket's rooms before it said "connected"), and only the live queries on screen ask.
    if (!socket.recovered) void catchUp(queryClient, performance.now())
  })
  wireReachability(socket)
  for (const handlers of registeredHandlers) {
    for (const event of Object.keys(handlers) as (keyof ServerToClientEvents)[]) {
      const handler = handlers[event]
      if (handler) listen(socket, event, handler, queryClient)
    }
  }
}

let live: { token: string; socket: Promise<AppSocket> } | null = null
/** Sockets closed for good (sign-out, another token): never dialled again, even back online. */
const retired = new WeakSet<AppSocket>()
const retire = (socket: AppSocket) => {
  retired.add(socket)
  socket.disconnect()
}
let users = 0
let unsubscribeSession: (() => void) | null = null

function sync(queryClient: QueryClient): void {
  const { token } = getSession()
  if (live && live.token === token) return
  const previous = live
  live = null
  if (previous) void previous.socket.then(retire)
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
    if (previous) void previous.socket.then(retire)
  }
}

/** An anonymous socket for the goal widget (an OBS source has no session). */
export function openWidgetSocket(): Promise<AppSocket> {
  return openSocket({})
}
