/**
 * Which brand events become webhook deliveries. The deals feature tells every committed deal change
 * through `dealSettledListeners` (without knowing the brand feature): a deal taken, stopped or at its
 * goal, and a settled batch of clicks (one delivery per batch and deal, with the count and amount),
 * and a change that crosses the mission's budget thresholds. Top-ups are told by the routes that
 * credit or refund them (`announceBrandEvent`). Queuing never fails the change that caused it: it runs
 * after the commit and a failure is logged.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { missions } from '#server/db/schema.ts'
import type { WebhookEventType } from '#shared/contract/brand-integrations.ts'
import { creditsReward } from '#shared/deal-ledger.ts'
import { spentOfMission } from './brand-missions-repository'
import type { WebhookDispatcher } from './webhook-dispatcher'
import { queueEvent, subscribedEventTypes } from './webhooks-repository'

declare module 'fastify' {
  interface FastifyInstance {
    webhookDispatcher: WebhookDispatcher
  }
}

/** A mission is "low" once 20 % or less of its budget is left. */
const BUDGET_LOW_PERCENT = 20

/** Queues a brand event to its subscribed hooks and wakes this node's dispatcher; never throws. */
async function announceBrandEvent(
  app: FastifyInstance,
  providerId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    if ((await queueEvent(app.db, providerId, type, data)) > 0) void app.webhookDispatcher.wake()
  } catch (error) {
    app.log.error({ err: error, providerId, type }, 'queuing a webhook event failed')
  }
}

/** What a deal change's listener receives, as far as webhooks read it. */
interface SettledDeal {
  row: { code: string; state: string; progress: number; earnedCents: number }
  ownerUsername: string
  mission: {
    id: string
    code: string
    goal: number
    budgetCents: number | null
    rewardCents: number
  }
  provider: { id: string }
}

interface ChangeEvents {
  events: Array<{ type: string; valid: boolean; amountCents: number | null }>
}

const dealData = (loaded: SettledDeal) => ({
  deal: {
    code: loaded.row.code,
    state: loaded.row.state,
    progress: loaded.row.progress,
    goal: loaded.mission.goal,
    earnedCents: loaded.row.earnedCents,
    streamer: loaded.ownerUsername,
  },
  mission: { code: loaded.mission.code },
})

/** Whether the spend crossed a budget threshold in this change (credited: what it added). */
async function budgetCrossings(app: FastifyInstance, loaded: SettledDeal, credited: number) {
  const { budgetCents: budget, rewardCents } = loaded.mission
  if (budget === null || budget <= 0 || credited <= 0) return []
  const spent = await spentOfMission(app.db, loaded.mission.id)
  const before = budget - (spent - credited)
  const after = budget - spent
  const low = (budget * BUDGET_LOW_PERCENT) / 100
  // Exhausted: what is left cannot pay one more reward.
  const floor = Math.max(rewardCents, 1)
  const mission = {
    code: loaded.mission.code,
    budgetCents: budget,
    spentCents: spent,
    remainingCents: Math.max(0, after),
  }
  const crossed: Array<[WebhookEventType, Record<string, unknown>]> = []
  if (before > low && after <= low && after >= floor)
    crossed.push(['mission.budget_low', { mission, thresholdPercent: BUDGET_LOW_PERCENT }])
  if (before >= floor && after < floor) crossed.push(['mission.budget_exhausted', { mission }])
  return crossed
}

async function onDealChange(app: FastifyInstance, loaded: SettledDeal, change: ChangeEvents): Promise<void> {
  // After every settled batch: a brand whose hooks want none of these pays this one read, and the
  // mission's spend is read only for hooks that want its budget events.
  const wanted = await subscribedEventTypes(app.db, loaded.provider.id)
  if (wanted.size === 0) return
  const types = new Set(change.events.map((event) => event.type))
  const announce = async (type: WebhookEventType, data: Record<string, unknown>) => {
    if (wanted.has(type)) await announceBrandEvent(app, loaded.provider.id, type, data)
  }
  if (types.has('subscribed')) await announce('deal.taken', dealData(loaded))
  const clicks = change.events.filter((event) => event.type === 'click' && event.valid).length
  const credited = change.events
    .filter(creditsReward)
    .reduce((sum, event) => sum + (event.amountCents ?? 0), 0)
  if (clicks > 0)
    await announce('deal.clicks_settled', {
      ...dealData(loaded),
      clicks,
      amountCents: credited,
    })
  if (types.has('goal_reached')) await announce('deal.goal_reached', dealData(loaded))
  if (types.has('stopped')) await announce('deal.stopped', dealData(loaded))
  if (!wanted.has('mission.budget_low') && !wanted.has('mission.budget_exhausted')) return
  for (const [type, data] of await budgetCrossings(app, loaded, credited)) await announce(type, data)
}

export function registerWebhookEvents(app: FastifyInstance): void {
  app.dealSettledListeners.push((loaded, change) => {
    if (change.events.length === 0) return
    onDealChange(app, loaded, change).catch((error: unknown) =>
      app.log.error({ err: error, dealId: change.dealId }, 'webhook events of a deal change failed'),
    )
  })
}

/**
 * A top-up credited (by card or by an admin) or refunded: its mission's brand hears it with the
 * mission's budget as it now stands. Called after the commit by the routes that moved the budget.
 */
export async function announceTopUp(
  app: FastifyInstance,
  missionId: string,
  type: 'top_up.succeeded' | 'top_up.refunded',
  topUp: { id?: string; amountCents: number },
): Promise<void> {
  try {
    const [mission] = await app.db
      .select({
        code: missions.code,
        providerId: missions.providerId,
        budgetCents: missions.budgetCents,
      })
      .from(missions)
      .where(eq(missions.id, missionId))
    if (!mission) return
    await announceBrandEvent(app, mission.providerId, type, {
      mission: { code: mission.code, budgetCents: mission.budgetCents },
      topUp,
    })
  } catch (error) {
    app.log.error({ err: error, missionId, type }, 'announcing a top-up to webhooks failed')
  }
}
