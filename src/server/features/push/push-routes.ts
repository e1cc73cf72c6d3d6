/**
 * Web Push: the VAPID key, subscribing this device, listing and removing devices.
 * The dispatcher that sends the outbox starts here too, on every node.
 */

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isUuid } from '#server/db/ids.ts'
import { fieldInvalid, forbidden, notFound, unauthorized } from '#server/http/api-error.ts'
import { requestLocale } from '#server/http/locale.ts'
import { registerRoute } from '#server/http/register-endpoint.ts'
import { checkPushEndpoint, RefusedEndpoint } from './endpoint-guard'
import { type PushDispatcher, startPushDispatcher } from './push-dispatcher'
import {
  deleteSubscription,
  listSubscriptions,
  saveSubscription,
  toDevice,
  userIdByUsername,
} from './push-subscriptions-repository'
import { loadVapidKeys } from './vapid-keys'

declare module 'fastify' {
  interface FastifyInstance {
    pushDispatcher: PushDispatcher
  }
}

export const pushRoutes = fp(
  async (app: FastifyInstance) => {
    const { config } = app
    const vapid = await loadVapidKeys(config.push.vapid, app.db, config.dataDir)
    const dispatcher = startPushDispatcher({
      database: app.database,
      send: { vapid, subject: config.push.subject },
      allowedOrigins: config.push.allowedOrigins,
      log: app.log,
    })
    app.decorate('pushDispatcher', dispatcher)
    app.addHook('onClose', async () => dispatcher.close())

    // Access is already checked (owner or admin), so a miss only happens for an admin.
    const target = async (username: string) => {
      const id = await userIdByUsername(app.db, username)
      if (!id) throw notFound('No such user')
      return { id }
    }

    registerRoute(app, 'pushKey', async () => ({ publicKey: vapid.publicKey }))

    registerRoute(app, 'pushSubscribe', async ({ params, body, session, request }) => {
      if (!session) throw unauthorized()
      // A device belongs to the session that subscribed it: an admin cannot subscribe for someone else.
      if (params.username.toLowerCase() !== session.user.username.toLowerCase()) throw forbidden()
      const user = session.user
      try {
        await checkPushEndpoint(body.endpoint, config.push.allowedOrigins)
      } catch (error) {
        if (error instanceof RefusedEndpoint) throw fieldInvalid('endpoint', 'push.endpoint_refused')
        throw error
      }
      const row = await saveSubscription(app.db, {
        userId: user.id,
        sessionId: session.id,
        endpoint: body.endpoint,
        keys: body.keys,
        deviceLabel: body.deviceLabel,
        locale: body.locale ?? requestLocale(request),
      })
      return toDevice(row, session.id)
    })

    registerRoute(app, 'pushDevices', async ({ params, session }) => {
      const user = await target(params.username)
      const rows = await listSubscriptions(app.db, user.id)
      return { items: rows.map((row) => toDevice(row, session?.id)) }
    })

    registerRoute(app, 'pushDeviceDelete', async ({ params }) => {
      const user = await target(params.username)
      if (!isUuid(params.id) || !(await deleteSubscription(app.db, user.id, params.id))) {
        throw notFound('No such device')
      }
      return undefined
    })
  },
  { name: 'push', dependencies: ['database'] },
)
