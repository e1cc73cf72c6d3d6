/**
 * The brand's live view of its missions' spend: after every committed deal change on one
 * of its missions (a click, a credit, a payment refused over budget) and every top-up, `brand:budget`
 * goes to the provider's room; a member's sockets join the rooms of their providers when they connect.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions, providers } from '#server/db/schema.ts'
import { rooms } from '#server/plugins/socket.ts'
import type { AppSocket } from '#server/plugins/socket-types.ts'
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
 * A busy campaign is announced at most this often per mission, the last state always: the spend is
 * one query over the mission's deals and click events, which ran after every click before, watched
 * or not. A quarter of a second late is still live for a results page.
 */
const ANNOUNCE_EVERY_MS = 250

interface Pacing {
  lastSentAt: number
  /** The announcement due at the end of the current quarter second, if one is. */
  due: NodeJS.Timeout | null
  /** What the last caller knew of the mission (a settled deal carries it); a top-up knows nothing. */
  known: MissionOfProvider | undefined
}

const pacingByApp = new WeakMap<FastifyInstance, Map<string, Pacing>>()

function pacingOf(app: FastifyInstance, missionId: string): Pacing {
  let paced = pacingByApp.get(app)
  if (!paced) {
    paced = new Map()
    pacingByApp.set(app, paced)
  }
  let pacing = paced.get(missionId)
  if (!pacing) {
    pacing = { lastSentAt: Number.NEGATIVE_INFINITY, due: null, known: undefined }
    paced.set(missionId, pacing)
  }
  return pacing
}

/** Sends the mission's spend now; a failure is logged, never the caller's. */
async function sendNow(app: FastifyInstance, missionId: string, known?: MissionOfProvider): Promise<void> {
  try {
    const mission = known ?? (await findMissionOfProvider(app, missionId))
    if (mission) await spendAnnouncement(app, missionId, mission)
  } catch (error) {
    app.log.error({ err: error, missionId }, 'announcing a mission budget failed')
  }
}

/**
 * Sends the mission's spend to its provider's members: at once if nothing went out in the last
 * quarter second, else once at its end (reading the spend then, so it includes every change since).
 * `known`: the mission and provider the caller already read after the commit (a settled deal carries
 * them), which spares reading them again; without it (a top-up changed the budget) they are read.
 */
export function announceBudget(
  app: FastifyInstance,
  missionId: string,
  known?: MissionOfProvider,
): Promise<void> {
  const pacing = pacingOf(app, missionId)
  pacing.known = known
  if (pacing.due) return Promise.resolve()
  const send = () => {
    pacing.lastSentAt = Date.now()
    return sendNow(app, missionId, pacing.known)
  }
  const wait = pacing.lastSentAt + ANNOUNCE_EVERY_MS - Date.now()
  if (wait <= 0) return send()
  pacing.due = setTimeout(() => {
    pacing.due = null
    void send()
  }, wait)
  return Promise.resolve()
}

/** Drops the announcements still due (the server is closing: their sockets are going too). */
function dropDueAnnouncements(app: FastifyInstance): void {
  for (const pacing of pacingByApp.get(app)?.values() ?? []) {
    if (pacing.due) clearTimeout(pacing.due)
    pacing.due = null
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
  app.addHook('onClose', async () => dropDueAnnouncements(app))
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
