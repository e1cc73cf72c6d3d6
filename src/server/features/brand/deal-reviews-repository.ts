/** A brand's request that an admin review a deal of its mission: recorded with its audit entry, together. */
import { and, eq } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { dealReviewRequests, deals, type MissionRow } from '#server/db/schema.ts'
import { notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { BrandDealReview } from '#shared/contract/brand.ts'

export async function requestDealReview(
  db: Database,
  input: {
    mission: Pick<MissionRow, 'id' | 'code'>
    dealCode: string
    provider: { providerId: string; slug: string }
    userId: string
    message: string
  },
): Promise<BrandDealReview> {
  return db.transaction(async (tx) => {
    const [deal] = await tx
      .select({ id: deals.id, code: deals.code })
      .from(deals)
      .where(and(eq(deals.code, input.dealCode), eq(deals.missionId, input.mission.id)))
    // Another mission's deal is as unknown as a missing one.
    if (!deal) throw notFound('This deal does not exist')
    const [request] = await tx
      .insert(dealReviewRequests)
      .values({
        dealId: deal.id,
        providerId: input.provider.providerId,
        requestedBy: input.userId,
        message: input.message,
      })
      .returning()
    if (!request) throw new Error('review request insert returned no row')
    await audit(tx, {
      actorId: input.userId,
      action: 'deal.review_request',
      target: `deal:${deal.code}`,
      details: { provider: input.provider.slug, mission: input.mission.code },
    })
    return {
      id: request.id,
      dealCode: deal.code,
      message: request.message,
      createdAt: request.createdAt.toISOString(),
    }
  })
}
