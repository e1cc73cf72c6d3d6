/**
 * The brand portal's provider routes: the caller's providers, applying for one, its
 * profile and members; and the admin's side of it: approving an application, inviting a member.
 * Access to `{slug}` routes is the endpoint table's `member` rule (register-endpoint.ts).
 */
import type { FastifyInstance } from 'fastify'
import { isUuid } from '#server/db/ids.ts'
import { authLimits, findUserById } from '#server/features/auth/accounts-service.ts'
import { providerView, uploadedImage } from '#server/features/deals/catalogue-admin-service.ts'
import { invalidateMissionCatalogue } from '#server/features/deals/mission-catalogue-service.ts'
import { isAdmin, type ProviderAccess } from '#server/http/access-rules.ts'
import { ApiError, forbidden, notFound } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { rooms } from '#server/plugins/socket.ts'
import { redeemInvitation } from './brand-invitations-repository'
import { invitationRefused, inviteMember, mailInvitation } from './brand-invite'
import { brandLimits } from './brand-limits'
import {
  applyForProvider,
  approveProvider,
  brandProviderView,
  findProvider,
  listBrandProviders,
  listMembers,
  updateBrandProvider,
} from './brand-providers-repository'

/** Only the provider's owners edit its profile; an admin may too. */
export function requireOwner(access: ProviderAccess, admin: boolean): void {
  if (access.role !== 'owner' && !admin) throw forbidden('Only an owner of this brand can do this')
}

/** A `member` route always has its provider (register-endpoint.ts sets it before the handler runs). */
export function providerOf(access: ProviderAccess | null): ProviderAccess {
  if (!access) throw new Error('a member route ran without its provider')
  return access
}

export async function brandProviderRoutes(app: FastifyInstance) {
  registerRoute(app, 'brandProviders', async ({ session }) => {
    if (!session) throw forbidden()
    const items = await listBrandProviders(app.db, session.user.id, isAdmin(session.user))
    return { items, total: items.length }
  })

  registerRoute(app, 'brandProviderApply', async ({ body, files, session }) => {
    if (!session) throw forbidden()
    const user = await findUserById(app.db, session.user.id)
    // A streamer's account takes missions; a brand registers as one (signup `kind: 'provider'`).
    if (user?.kind !== 'provider' && !isAdmin(session.user))
      throw forbidden('Only a brand account can apply for a provider')
    // The applicant becomes the owner: no membership goes to an address its holder has not proven.
    if (!user?.emailVerifiedAt) {
      throw new ApiError(403, 'ACCESS_0001', 'Confirm your e-mail address before applying for a brand', {
        errors: ['email.unverified'],
      })
    }
    // Each application reserves a slug: accepted ones count, a refused one (slug taken) gives its unit back.
    const held = await app.rateLimiter.reserveAll([[brandLimits.applyUser, session.user.id]])
    try {
      const logo = await uploadedImage(
        app,
        { folder: 'providers', field: 'logo', file: files.logo },
        user?.id ?? null,
      )
      return await applyForProvider(app.db, { body, logo, userId: session.user.id })
    } catch (error) {
      await held.release()
      throw error
    }
  })

  registerRoute(app, 'brandProvider', async ({ provider: access }) => {
    const { providerId, role } = providerOf(access)
    const row = await findProvider(app.db, providerId)
    if (!row) throw notFound('This provider does not exist')
    return brandProviderView(row, role)
  })

  registerRoute(app, 'brandProviderUpdate', async ({ provider: access, body, files, session }) => {
    const provider = providerOf(access)
    const actorId = session?.user.id ?? null
    requireOwner(provider, session !== null && isAdmin(session.user))
    const logo = await uploadedImage(app, { folder: 'providers', field: 'logo', file: files.logo }, actorId)
    const updated = await updateBrandProvider(app.db, {
      access: provider,
      body,
      logo,
      actorId,
    })
    // Missions embed their provider: a new name, logo or theme shows in the catalogue at once.
    invalidateMissionCatalogue(app.db)
    return updated
  })

  registerRoute(app, 'brandMembers', async ({ provider: access }) => {
    const items = await listMembers(app.db, providerOf(access).providerId)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminProviderApprove', async ({ params, session }) => {
    if (!isUuid(params.id)) throw notFound('This provider does not exist')
    const approved = await approveProvider(app.db, params.id, session?.user.id ?? null)
    if (!approved) throw notFound('This provider does not exist')
    invalidateMissionCatalogue(app.db)
    return providerView(approved)
  })

  registerRoute(app, 'adminProviderMemberInvite', async ({ params, body, session }) => {
    const provider = isUuid(params.id) ? await findProvider(app.db, params.id) : undefined
    if (!provider) throw notFound('This provider does not exist')
    const sent = await inviteMember(app.db, {
      providerId: provider.id,
      providerSlug: provider.slug,
      email: body.email,
      role: body.role,
      actorId: session?.user.id ?? null,
    })
    // The invitation stands whatever the mail does: a failure is logged, and inviting again sends a new link.
    mailInvitation(app.db, app.mailer, { sent, brand: provider.name, publicUrl: app.config.publicUrl }).catch(
      (error: unknown) => app.log.error({ err: error }, 'invitation mail failed'),
    )
    return sent.invitation
  })

  registerRoute(app, 'brandInvitationRedeem', async ({ body, session, request }) => {
    if (!session) throw forbidden()
    // Tokens are beyond guessing; the per-address limit of the mailed links still caps the tries.
    await app.rateLimiter.consume(authLimits.tokenAddress, request.ip)
    const redeemed = await redeemInvitation(app.db, body.token, session.user.id)
    if (!redeemed.ok) throw invitationRefused(redeemed.refusal)
    // The member's open sockets hear the brand's spend from now on, without a reconnect.
    app.io.in(rooms.user(session.user.id)).socketsJoin(rooms.provider(redeemed.provider.id))
    return brandProviderView(redeemed.provider, redeemed.role)
  })
}
