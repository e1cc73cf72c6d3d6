/** Providers as their members see them: who belongs to which, applications, profile edits. */
import { and, asc, eq, exists, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import { type ProviderRow, providerMembers, providers, users } from '#server/db/schema.ts'
import { providerView, slugOf, storedText } from '#server/features/deals/catalogue-admin-service.ts'
import type { ProviderAccess } from '#server/http/access-rules.ts'
import { conflict } from '#server/http/api-error.ts'
import { audit } from '#server/lib/audit.ts'
import type {
  BrandMember,
  BrandProvider,
  BrandProviderApplyBody,
  BrandProviderUpdateBody,
  MemberRole,
} from '#shared/contract/brand.ts'
import type { MediaObject } from '#shared/contract/common.ts'

export const brandProviderView = (row: ProviderRow, role: MemberRole | null): BrandProvider => ({
  ...providerView(row),
  role,
})

/**
 * A user's memberships that count: only while the account's address is verified. Changing the address
 * clears its verification, which suspends every membership until the new address is proven; an
 * account whose address was never proven holds none that count.
 */
const activeMembership = (userId: string) =>
  and(
    eq(providerMembers.providerId, providers.id),
    eq(providerMembers.userId, userId),
    exists(
      sql`(select 1 from ${users} where ${users.id} = ${providerMembers.userId} and ${users.emailVerifiedAt} is not null)`,
    ),
  )

/** The access check of `member` routes: the provider of a slug and the caller's role, in one statement. */
export async function findProviderAccess(
  db: Executor,
  slug: string,
  userId: string,
): Promise<ProviderAccess | null> {
  const [row] = await db
    .select({
      providerId: providers.id,
      slug: providers.slug,
      status: providers.status,
      role: providerMembers.role,
    })
    .from(providers)
    .leftJoin(providerMembers, activeMembership(userId))
    .where(eq(providers.slug, slug))
    .limit(1)
  return row ? { ...row, role: row.role ?? null } : null
}

/** The providers a user is a member of (every provider for an admin, with their role where they have one). */
export async function listBrandProviders(
  db: Executor,
  userId: string,
  everyProvider: boolean,
): Promise<BrandProvider[]> {
  const membership = activeMembership(userId)
  const query = db.select({ provider: providers, role: providerMembers.role }).from(providers)
  const rows = await (everyProvider
    ? query.leftJoin(providerMembers, membership)
    : query.innerJoin(providerMembers, membership)
  ).orderBy(asc(providers.name), asc(providers.id))
  return rows.map((row) => brandProviderView(row.provider, row.role ?? null))
}

export async function findProvider(db: Executor, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.id, id))
  return row
}

/** 48 characters of name keep the slug readable in a URL, with room for a suffix when it is taken. */
const SLUG_NAME_CHARS = 48

/** A slug from the name; `new` (a page of the portal) and an empty one become `…brand`. */
const slugFor = (name: string): string => {
  const slug = slugOf(name, SLUG_NAME_CHARS)
  return !slug ? 'brand' : slug === 'new' ? 'new-brand' : slug
}

// Nine more tries: a brand name shared by ten providers is better told than numbered further.
const SLUG_SUFFIXES = [2, 3, 4, 5, 6, 7, 8, 9, 10]

const slugTaken = () =>
  conflict('This slug is already used', { children: { slug: { errors: ['provider.slug_taken'] } } })

/**
 * A brand's application: the provider, pending, with the applicant as its owner, in one transaction
 * with its audit entry. A slug made from the name gets a number when taken; a chosen one is a 409.
 */
export async function applyForProvider(
  db: Database,
  input: { body: BrandProviderApplyBody; logo: MediaObject | undefined; userId: string },
): Promise<BrandProvider> {
  const { body, userId } = input
  return db.transaction(async (tx) => {
    const wanted = body.slug ?? slugFor(body.name)
    // A chosen slug is tried alone; one made from the name gets -2, -3… while taken.
    const candidates = body.slug ? [wanted] : [wanted, ...SLUG_SUFFIXES.map((n) => `${wanted}-${n}`)]
    let row: ProviderRow | undefined
    for (const slug of candidates) {
      ;[row] = await tx
        .insert(providers)
        .values({
          name: body.name,
          slug,
          description: storedText(body.description),
          theme: body.theme ?? 'default',
          status: 'pending',
          ...(input.logo ? { logo: input.logo } : {}),
        })
        .onConflictDoNothing({ target: providers.slug })
        .returning()
      if (row) break
    }
    if (!row) throw slugTaken()
    await tx.insert(providerMembers).values({ providerId: row.id, userId, role: 'owner' })
    await audit(tx, {
      actorId: userId,
      action: 'provider.apply',
      target: `provider:${row.slug}`,
      details: { name: row.name },
    })
    return brandProviderView(row, 'owner')
  })
}

/** An owner's edit of the profile (the slug stays), audited. */
export async function updateBrandProvider(
  db: Database,
  input: {
    access: ProviderAccess
    body: BrandProviderUpdateBody
    logo: MediaObject | undefined
    actorId: string | null
  },
): Promise<BrandProvider> {
  const { access, body } = input
  // An upload, or null to remove it: a stored file named in the body is not taken from a brand.
  const logo = input.logo ?? (body.logo === null ? null : undefined)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(providers)
      .set({
        name: body.name,
        theme: body.theme,
        ...(body.description !== undefined ? { description: storedText(body.description) } : {}),
        ...(logo !== undefined ? { logo } : {}),
      })
      .where(eq(providers.id, access.providerId))
      .returning()
    if (!row) throw new Error('the provider vanished under its own route')
    await audit(tx, {
      actorId: input.actorId,
      action: 'provider.update',
      target: `provider:${row.slug}`,
      details: { name: row.name, theme: row.theme, by: 'brand' },
    })
    return brandProviderView(row, access.role)
  })
}

export async function listMembers(db: Executor, providerId: string): Promise<BrandMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      role: providerMembers.role,
      createdAt: providerMembers.createdAt,
    })
    .from(providerMembers)
    .innerJoin(users, eq(users.id, providerMembers.userId))
    .where(eq(providerMembers.providerId, providerId))
    .orderBy(asc(providerMembers.createdAt), asc(users.username))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

/** The ids of the providers a user belongs to, suspended memberships left out (their sockets join these rooms). */
export async function providerIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .innerJoin(providerMembers, activeMembership(userId))
  return rows.map((row) => row.id)
}

/** An admin approves an application (the provider goes live for its members), with its audit entry. */
export function approveProvider(
  db: Database,
  id: string,
  actorId: string | null,
): Promise<ProviderRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(providers)
      .set({ status: 'approved' })
      .where(eq(providers.id, id))
      .returning()
    if (row) await audit(tx, { actorId, action: 'provider.approve', target: `provider:${row.slug}` })
    return row
  })
}
