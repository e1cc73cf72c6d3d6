/**
 * The brand's live view of its missions' spend (issue 16): after every committed deal change on one
 * of its missions (a click, a credit, a payment refused over budget) and every top-up, `brand:budget`
 * goes to the provider's room; a member's sockets join the rooms of their providers when they connect.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions, providers } from '#server/db/schema.ts'
import { type AppSocket, rooms } from '#server/plugins/socket.ts'
import type { BrandBudgetPayload } from '#shared/contract/socket.ts'
import { remainingOf, spendOfMissions } from './brand-missions-repository'
import { providerIdsOf } from './brand-providers-repository'

/** The mission's spend as it stands now (call it after the commit that changed it). */
export async function budgetPayload(app: FastifyInstance, missionId: string) {
  const [row] = await app.db
    .select({
      code: missions.code,
      budget: missions.budgetCents,
      providerId: providers.id,
      slug: providers.slug,
    })
    .from(missions)
    .innerJoin(providers, eq(providers.id, missions.providerId))
    .where(eq(missions.id, missionId))
  if (!row) return null
  const spend = (await spendOfMissions(app.db, { missionId })).get(row.code) ?? { spent: 0, validClicks: 0 }
  const payload: BrandBudgetPayload = {
    providerSlug: row.slug,
    missionCode: row.code,
    spentCents: spend.spent,
    budgetCents: row.budget,
    remainingCents: remainingOf(row.budget, spend.spent),
    validClicks: spend.validClicks,
  }
  return { providerId: row.providerId, payload }
}

/** Sends the mission's spend to its provider's members; a failure is logged, never the caller's. */
export async function announceBudget(app: FastifyInstance, missionId: string): Promise<void> {
  try {
    const found = await budgetPayload(app, missionId)
    if (found) app.io.to(rooms.provider(found.providerId)).emit('brand:budget', found.payload)
  } catch (error) {
    app.log.error({ err: error, missionId }, 'announcing a mission budget failed')
  }
}

/**
 * A signed-in socket joins the rooms of the providers its user belongs to. A socket recovered after a
 * short disconnection comes back with its old rooms: those are checked again, the same as a new one's.
 */
async function joinProviderRooms(app: FastifyInstance, socket: AppSocket): Promise<void> {
  const session = socket.data.session
  const wanted = new Set(
    session ? (await providerIdsOf(app.db, session.user.id)).map((id) => rooms.provider(id)) : [],
  )
  for (const room of socket.rooms) if (room.startsWith('provider:') && !wanted.has(room)) socket.leave(room)
  if (wanted.size > 0 && socket.connected) socket.join([...wanted])
}

export function registerBrandBudgetFeed(app: FastifyInstance): void {
  // Any change with events: the results page shows clicks, valid or not, beside the spend.
  app.dealSettledListeners.push((loaded, change) => {
    if (change.events.length > 0) void announceBudget(app, loaded.mission.id)
  })
  app.socketConnectionHandlers.push((socket) => {
    joinProviderRooms(app, socket).catch((error: unknown) =>
      app.log.warn({ err: error }, 'joining provider rooms failed'),
    )
  })
}
