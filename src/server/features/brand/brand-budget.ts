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

/** Which mission's spend to announce, and to whom: the mission's code and budget, its provider. */
interface MissionOfProvider {
  code: string
  budget: number | null
  providerId: string
  slug: string
}

async function findMissionOfProvider(app: FastifyInstance, missionId: string) {
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
  return row
}

/** The mission's spend as it stands now (call it after the commit that changed it). */
async function spendAnnouncement(app: FastifyInstance, missionId: string, mission: MissionOfProvider) {
  const spend = (await spendOfMissions(app.db, { missionId })).get(mission.code) ?? {
    spent: 0,
    validClicks: 0,
  }
  const payload: BrandBudgetPayload = {
    providerSlug: mission.slug,
    missionCode: mission.code,
    spentCents: spend.spent,
    budgetCents: mission.budget,
    remainingCents: remainingOf(mission.budget, spend.spent),
    validClicks: spend.validClicks,
  }
  app.io.to(rooms.provider(mission.providerId)).emit('brand:budget', payload)
}

/**
 * Sends the mission's spend to its provider's members; a failure is logged, never the caller's.
 * `known`: the mission and provider the caller already read after the commit (a settled deal carries
 * them), which spares reading them again on every click.
 */
export async function announceBudget(
  app: FastifyInstance,
  missionId: string,
  known?: MissionOfProvider,
): Promise<void> {
  try {
    const mission = known ?? (await findMissionOfProvider(app, missionId))
    if (mission) await spendAnnouncement(app, missionId, mission)
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
    if (change.events.length === 0) return
    const { mission, provider } = loaded
    void announceBudget(app, mission.id, {
      code: mission.code,
      budget: mission.budgetCents,
      providerId: provider.id,
      slug: provider.slug,
    })
  })
  app.socketConnectionHandlers.push((socket) => {
    joinProviderRooms(app, socket).catch((error: unknown) =>
      app.log.warn({ err: error }, 'joining provider rooms failed'),
    )
  })
}
