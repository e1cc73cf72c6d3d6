/**
 * Sockets live no longer than their session. A socket outlives the handshake that checked
 * its session, so logout, password reset and expiry must reach it by other paths:
 * - revocation pushes `disconnectSockets` to the session's room on every node (`disconnectSession`);
 * - connection-state recovery is refused for a session no longer live, before socket.io replays
 *   anything (see `refuseDeadRecoveries`);
 * - a socket is cut at its session's absolute expiry, and a per-node sweep cuts sockets whose session
 *   died in a way no push announced (idle expiry, a push lost while Redis was away, a revocation that
 *   landed while the socket was between its handshake and its rooms).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Namespace } from 'socket.io'
import type { SessionResolver } from '../http/session-resolver'
import type { AppServer, AppSocket } from './socket-types'

// One minute: revocations are pushed at once, so the sweep only backs up what no push announces.
// The idle limit is 14 days and last_used_at is refreshed once a minute, so a finer sweep could not
// judge idleness any better; each tick costs one indexed query per 1,000 sockets on each node.
const SESSION_SWEEP_INTERVAL_MS = 60 * 1000
// setTimeout waits at most 2^31-1 ms (24.8 days) and a session lives 30: longer waits go in steps.
const MAX_TIMER_MS = 2 ** 31 - 1

/** The session id a persisted socket state was signed in with, or null for an anonymous socket. */
function recoveredSessionId(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('session' in data)) return null
  const session = data.session
  if (typeof session !== 'object' || session === null || !('id' in session)) return null
  return typeof session.id === 'string' ? session.id : null
}

/**
 * socket.io applies a recovered state in the Socket's constructor, BEFORE any middleware runs: it
 * joins the saved rooms and writes the missed packets to the wire. A middleware can only refuse after
 * the fact, so the check sits in the adapter's `restoreSession`: for a dead session it throws, which
 * socket.io treats as "nothing to recover" (a fresh socket: no rooms, no replay, `recovered` false).
 */
export function refuseDeadRecoveries(adapter: Namespace['adapter'], sessions: SessionResolver): void {
  const restore = adapter.restoreSession.bind(adapter)
  adapter.restoreSession = async (pid, offset) => {
    const restored = await restore(pid, offset)
    // The in-memory adapter answers null (despite its type) when it has nothing for this pid.
    if (!restored) return restored
    const sessionId = recoveredSessionId(restored.data)
    if (sessionId !== null && !(await sessions.liveSessionIds([sessionId])).has(sessionId)) {
      throw new Error('the session of this socket state is no longer valid')
    }
    return restored
  }
}

/** Cuts the socket at its session's absolute expiry, whatever traffic it has. */
function cutAtExpiry(socket: AppSocket, expiresAt: number): void {
  const timer = setTimeout(
    () => {
      if (Date.now() >= expiresAt) socket.disconnect(true)
      else cutAtExpiry(socket, expiresAt)
    },
    Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
  )
  timer.unref()
  socket.once('disconnect', () => clearTimeout(timer))
}

/**
 * Called once a signed-in socket has joined its rooms. A revocation committed between the handshake's
 * lookup and the join found no socket to cut; looking again now closes that gap, since any later
 * revocation's push finds the socket in its session's room.
 */
export function holdToSession(socket: AppSocket, sessions: SessionResolver, log: FastifyBaseLogger): void {
  const { session, sessionExpiresAt } = socket.data
  if (!session) return
  if (sessionExpiresAt !== null) cutAtExpiry(socket, sessionExpiresAt)
  sessions
    .liveSessionIds([session.id])
    .then((live) => {
      if (!live.has(session.id)) socket.disconnect(true)
    })
    .catch((error: unknown) => log.warn({ err: error }, 'socket session re-check failed; the sweep retries'))
}

/** Disconnects this node's sockets whose session is no longer live; returns how many were cut. */
export async function cutDeadSessionSockets(io: AppServer, sessions: SessionResolver): Promise<number> {
  const bySession = new Map<string, Array<{ disconnect(close: boolean): unknown }>>()
  for (const socket of await io.local.fetchSockets()) {
    const sessionId = socket.data.session?.id
    if (sessionId === undefined) continue
    bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket])
  }
  if (bySession.size === 0) return 0
  const live = await sessions.liveSessionIds([...bySession.keys()])
  let cut = 0
  for (const [sessionId, sockets] of bySession) {
    if (live.has(sessionId)) continue
    for (const socket of sockets) socket.disconnect(true)
    cut += sockets.length
  }
  return cut
}

/** Runs `cutDeadSessionSockets` every SESSION_SWEEP_INTERVAL_MS; returns the function that stops it. */
export function startSessionSweep(
  io: AppServer,
  sessions: SessionResolver,
  log: FastifyBaseLogger,
): () => void {
  let running = false
  const timer = setInterval(() => {
    // A slow database must not stack sweeps on top of each other.
    if (running) return
    running = true
    cutDeadSessionSockets(io, sessions)
      .then((cut) => {
        if (cut > 0) log.info({ cut }, 'sockets of dead sessions disconnected')
      })
      .catch((error: unknown) => log.warn({ err: error }, 'socket session sweep failed'))
      .finally(() => {
        running = false
      })
  }, SESSION_SWEEP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
