/**
 * A brand's owners run its team and ask for budget: invite a member by e-mail (the mailed,
 * mailbox-proving invitation of brand-invite.ts), remove one, and ask the admins to top a mission up
 * when card payments are off. Members read; only owners (or an admin) act: checked here, on the server.
 */
import type { FastifyInstance } from 'fastify'
import { isAdmin } from '#server/http/access-rules.ts'
import { forbidden } from '#server/http/api-error.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { rooms } from '#server/plugins/socket.ts'
import { announceBudget } from './brand-budget'
import { inviteMember, mailInvitation } from './brand-invite'
import { brandLimits, perUserAndBrand } from './brand-limits'
import { findBrandMission } from './brand-missions-repository'
import { providerOf, requireOwner } from './brand-provider-routes'
import { findProvider } from './brand-providers-repository'
import { mailTopUpRequest } from './brand-request-mails'
import { pendingInvitations, removeMember } from './brand-team-repository'
import {
  adminRecipients,
  createTopUpRequest,
  decideTopUpRequest,
  listAdminTopUpRequests,
  listTopUpRequests,
  topUpRequestView,
} from './top-up-requests-repository'

export async function brandTeamRoutes(app: FastifyInstance) {
  registerRoute(app, 'brandMemberInvite', async ({ provider: access, body, session }) => {
    const provider = providerOf(access)
    if (!session) throw forbidden()
    requireOwner(provider, isAdmin(session.user))
    // Each invitation mails a stranger's address: counted per owner and per brand.
    await app.rateLimiter.reserveAll(
      perUserAndBrand(
        { user: brandLimits.inviteUser, brand: brandLimits.inviteBrand },
        { userId: session.user.id, providerId: provider.providerId },
      ),
    )
    const row = await findProvider(app.db, provider.providerId)
    const sent = await inviteMember(app.db, {
      providerId: provider.providerId,
      providerSlug: provider.slug,
      email: body.email,
      role: body.role,
      actorId: session.user.id,
    })
    // The invitation stands whatever the mail does: a failure is logged, and inviting again sends a new link.
    mailInvitation(app.db, app.mailer, {
      sent,
      brand: row?.name ?? provider.slug,
      publicUrl: app.config.publicUrl,
    }).catch((error: unknown) => app.log.error({ err: error }, 'invitation mail failed'))
    return sent.invitation
  })

  registerRoute(app, 'brandInvitations', async ({ provider: access }) => {
    const items = await pendingInvitations(app.db, providerOf(access).providerId)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandMemberRemove', async ({ provider: access, params, session, reply }) => {
    const provider = providerOf(access)
    if (!session) throw forbidden()
    requireOwner(provider, isAdmin(session.user))
    await removeMember(app.db, {
      providerId: provider.providerId,
      providerSlug: provider.slug,
      userId: params.userId,
      actorId: session.user.id,
    })
    // The removed member's open sockets stop hearing the brand's spend at once.
    app.io.in(rooms.user(params.userId)).socketsLeave(rooms.provider(provider.providerId))
    return reply.code(204).send()
  })

  registerRoute(app, 'brandTopUpRequests', async ({ provider, params }) => {
    const mission = await findBrandMission(app.db, providerOf(provider).providerId, params.code)
    const items = await listTopUpRequests(app.db, mission)
    return { items, total: items.length }
  })

  registerRoute(app, 'brandTopUpRequestCreate', async ({ provider: access, params, body, session }) => {
    const provider = providerOf(access)
    if (!session) throw forbidden()
    const mission = await findBrandMission(app.db, provider.providerId, params.code)
    // Each request mails every admin: counted per account and per brand.
    await app.rateLimiter.reserveAll(
      perUserAndBrand(
        { user: brandLimits.requestUser, brand: brandLimits.requestBrand },
        { userId: session.user.id, providerId: provider.providerId },
      ),
    )
    const row = await createTopUpRequest(app.db, {
      mission,
      providerSlug: provider.slug,
      amount: body.amount,
      note: body.note?.trim() ?? '',
      userId: session.user.id,
    })
    const brand = await findProvider(app.db, provider.providerId)
    adminRecipients(app.db)
      .then((admins) =>
        mailTopUpRequest(app.mailer, admins, {
          brand: brand?.name ?? provider.slug,
          mission: mission.title,
          amount: row.amountCents,
          note: row.note,
          link: new URL('/admin/top-up-requests', app.config.publicUrl).href,
        }),
      )
      .catch((error: unknown) => app.log.error({ err: error }, 'top-up request mail failed'))
    return topUpRequestView(row, mission.code, session.user.username)
  })

  registerRoute(app, 'adminTopUpRequests', async () => {
    const items = await listAdminTopUpRequests(app.db)
    return { items, total: items.length }
  })

  registerRoute(app, 'adminTopUpRequestDecide', async ({ params, body, session }) => {
    const decided = await decideTopUpRequest(app.db, {
      id: params.id,
      status: body.status,
      actorId: session?.user.id ?? null,
      actorName: session?.user.username ?? null,
    })
    if (body.status === 'done') await announceBudget(app, decided.missionId)
    return decided.request
  })
}
