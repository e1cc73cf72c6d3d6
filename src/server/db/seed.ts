/** Demo content for a new database, and the first administrator from the environment. */
import { randomBytes } from 'node:crypto'
import { count, eq, sql } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '../lib/passwords'
import type { Database, Transaction } from './client'
import { content, missions, type NewContentRow, providers, selections, users } from './schema'
import type { LocaleCode } from './schema-types'
import { seedDemoBrandMembers } from './seed-brands'
import { type DemoContentEntry, demoFaq } from './seed-faq'
import { demoMissionThumbnail, demoProviderLogo } from './seed-media'
import { demoMissions, demoProviders, featuredMissionCodes } from './seed-missions'
import { demoHome, demoTerms } from './seed-pages'

// Arbitrary constants shared by every node: nodes starting together on one PostgreSQL must not seed
// twice nor create the administrator twice. Transaction-scoped locks: they end with the transaction,
// so a node that dies mid-start never leaves one held.
const seedLockKey = 724_311_906
const adminLockKey = 724_311_907
const dayMs = 86_400_000
const seedLocales: LocaleCode[] = ['en', 'fr', 'es']

const contentRows = (domain: 'faq' | 'terms' | 'home', entries: DemoContentEntry[]): NewContentRow[] =>
  entries.flatMap((entry) =>
    seedLocales.map((locale) => ({
      domain,
      locale,
      code: entry.code,
      title: entry.text[locale].title,
      body: entry.text[locale].body,
      topic: entry.topic?.[locale] ?? null,
      position: entry.position,
    })),
  )

/**
 * Seeds providers, missions, the `featured` selection and FAQ/terms/home content, only when the
 * database has no provider yet: a database someone already filled is never touched.
 */
export const seedDemo = (db: Database, now = new Date()): Promise<{ seeded: boolean }> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`)
    const [existing] = await tx.select({ n: count() }).from(providers)
    if ((existing?.n ?? 0) > 0) return { seeded: false }

    const inserted = await tx
      .insert(providers)
      .values(demoProviders.map((provider) => ({ ...provider, logo: demoProviderLogo(provider.slug) })))
      .returning({ id: providers.id, slug: providers.slug })
    const providerIds = new Map(inserted.map((row) => [row.slug, row.id]))
    await seedDemoBrandMembers(tx, providerIds, newCreatorCode)
    const at = (days: number) => new Date(now.getTime() + days * dayMs)

    await tx.insert(missions).values(
      demoMissions.map((mission) => {
        const providerId = providerIds.get(mission.provider)
        if (!providerId)
          throw new Error(`demo mission ${mission.code} names unknown provider ${mission.provider}`)
        return {
          code: mission.code,
          providerId,
          title: mission.title,
          description: mission.description,
          tips: mission.tips,
          thumbnail: demoMissionThumbnail(mission.code),
          integration: mission.integration,
          rewardModel: mission.reward.model,
          rewardCents: mission.reward.cents,
          goal: mission.goal,
          spots: mission.spots,
          budgetCents: mission.budgetCents,
          startsAt: at(-mission.startDaysAgo),
          endsAt: mission.endsInDays === null ? null : at(mission.endsInDays),
          status: 'published' as const,
        }
      }),
    )
    await tx
      .insert(selections)
      .values({ id: 'featured', missionCodes: featuredMissionCodes })
      .onConflictDoNothing()
    await tx
      .insert(content)
      .values([
        ...contentRows('faq', demoFaq),
        ...contentRows('terms', demoTerms),
        ...contentRows('home', demoHome),
      ])
      .onConflictDoNothing()
    return { seeded: true }
  })

export interface AdminCredentials {
  username: string
  email: string
  password: string
}

// 12 upper-case letters and digits (~60 bits) from 10 random bytes: readable on stream, no real collision risk.
const newCreatorCode = () =>
  randomBytes(10).toString('base64url').replace(/[-_]/g, '').slice(0, 12).toUpperCase()

/**
 * Creates the administrator named by the environment, or brings an existing user with that username
 * or e-mail up to date (admin role, password, verified e-mail), so restarting with new values works.
 * The look-up and the write happen under one lock: nodes started together with the same ADMIN_*
 * settings wait for each other, and the later ones find the user the first one created.
 */
export const bootstrapAdmin = (
  db: Database,
  admin: AdminCredentials,
): Promise<{ id: string; created: boolean }> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${adminLockKey})`)
    return upsertAdmin(tx, admin)
  })

const upsertAdmin = async (
  tx: Transaction,
  admin: AdminCredentials,
): Promise<{ id: string; created: boolean }> => {
  const [byName] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${admin.username})`)
  const [byEmail] = await tx.select().from(users).where(sql`lower(${users.email}) = lower(${admin.email})`)
  if (byName && byEmail && byName.id !== byEmail.id) {
    throw new Error(
      `ADMIN_USERNAME ${admin.username} and ADMIN_EMAIL ${admin.email} belong to two different users; ` +
        'use the username and e-mail of the same user or a new pair',
    )
  }
  const existing = byName ?? byEmail
  const now = new Date()
  if (!existing) {
    const [row] = await tx
      .insert(users)
      .values({
        username: admin.username,
        email: admin.email,
        passwordHash: await hashPassword(admin.password),
        roles: ['user', 'admin'],
        creatorCode: newCreatorCode(),
        emailVerifiedAt: now,
      })
      .returning({ id: users.id })
    if (!row) throw new Error('creating the administrator returned no row')
    return { id: row.id, created: true }
  }
  // Keep the stored hash when the password did not change: no needless rewrite at every start.
  const passwordHash = (await verifyPassword(existing.passwordHash, admin.password))
    ? existing.passwordHash
    : await hashPassword(admin.password)
  await tx
    .update(users)
    .set({
      username: admin.username,
      email: admin.email,
      passwordHash,
      roles: existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin'],
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
    })
    .where(eq(users.id, existing.id))
  return { id: existing.id, created: false }
}
