/**
 * Queues a notification in the caller's transaction: it exists exactly when the event that causes it
 * committed (a rolled-back payout notifies nobody), and the dispatcher of any node sends it.
 */
import type { Executor } from '#server/db/client.ts'
import { pushOutbox } from '#server/db/schema.ts'
import type { PushNotification } from './push-messages'

export async function queuePush(tx: Executor, userId: string, notification: PushNotification): Promise<void> {
  const { kind, ...payload } = notification
  await tx.insert(pushOutbox).values({ userId, kind, payload })
}

/** The SSRF guard of push endpoints, also the guard of brands' webhook URLs (same rule: https, public addresses). */
export {
  type CheckedEndpoint,
  checkPushEndpoint as checkPublicEndpoint,
  RefusedEndpoint,
} from './endpoint-guard'
