/** Admin writes of providers and missions: each in one transaction with its audit entry. */
import { and, eq, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { missions, providers } from '#server/db/schema.ts'
import { conflict, notFound } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type { AdminProvider, MissionBody, ProviderBody } from '#shared/contract/admin.ts'
import type { MediaObject } from '#shared/contract/common.ts'
import { missionCodeFor, missionValues, providerValues, providerView } from './admin-catalogue-repository'

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code, constraint: name } = current as { code?: string; constraint?: string }
    if (code === '23505' && name === constraint) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export async function providerExists(db: Executor, id: string): Promise<boolean> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id))
  return provider !== undefined
}

/** Creates a provider (`id` null) or updates one; a taken slug is a 409 on the slug field. */
export async function saveProvider(
  db: Database,
  input: { id: string | null; body: ProviderBody; logo: MediaObject | undefined; actorId: string | null },
): Promise<AdminProvider> {
  const { id, actorId } = input
  const values = { ...providerValues(input.body), ...(input.logo ? { logo: input.logo } : {}) }
  try {
    return await db.transaction(async (tx) => {
      const [row] = id
        ? await tx.update(providers).set(values).where(eq(providers.id, id)).returning()
        : await tx.insert(providers).values(values).returning()
      if (!row) throw notFound('This provider does not exist')
      await audit(tx, {
        actorId,
        action: id ? 'provider.update' : 'provider.create',
        target: `provider:${row.slug}`,
        details: { name: row.name, theme: row.theme },
      })
      return providerView(row)
    })
  } catch (error) {
    if (isUniqueViolation(error, 'providers_slug_unique'))
      throw conflict('This slug is already used', { children: { slug: { errors: ['provider.slug_taken'] } } })
    throw error
  }
}

/**
 * Creates a mission (`code` null: its code is the body's or one made from the title) or updates the
 * mission with that code; answers the saved code. A taken code is a 409 on the code field.
 */
export async function saveMission(
  db: Database,
  input: {
    code: string | null
    body: MissionBody
    thumbnail: MediaObject | undefined
    actorId: string | null
    /**
     * An update only when this also holds (a brand edits its own drafts only), checked in the UPDATE
     * itself so a concurrent publish cannot be overwritten; `refused` is thrown when it does not hold.
     */
    onlyIf?: { where: SQL | undefined; refused: () => Error }
  },
): Promise<string> {
  const { code, body, actorId, onlyIf } = input
  const values = { ...missionValues(body), ...(input.thumbnail ? { thumbnail: input.thumbnail } : {}) }
  const newCode = code ?? body.code ?? missionCodeFor(body.title.en)
  try {
    return await db.transaction(async (tx) => {
      const [row] = code
        ? await tx
            .update(missions)
            // An edit answers an operator's note: the draft goes back to the publication queue.
            .set({ ...values, ...(body.code ? { code: body.code } : {}), reviewNote: null })
            .where(and(eq(missions.code, code), onlyIf?.where))
            .returning({ code: missions.code })
        : await tx
            .insert(missions)
            .values({ ...values, code: newCode })
            .returning({ code: missions.code })
      if (!row) throw onlyIf ? onlyIf.refused() : notFound('This mission does not exist')
      await audit(tx, {
        actorId,
        action: code ? 'mission.update' : 'mission.create',
        target: `mission:${row.code}`,
        details: { status: body.status, reward: body.reward, goal: body.goal, spots: body.spots },
      })
      return row.code
    })
  } catch (error) {
    if (isUniqueViolation(error, 'missions_code_unique'))
      throw conflict('This mission code is already used', {
        children: { code: { errors: ['mission.code_taken'] } },
      })
    throw error
  }
}
