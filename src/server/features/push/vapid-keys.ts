/**
 * The VAPID key pair the server signs its push requests with (RFC 8292). From VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set; otherwise generated on the first start and kept in the database, so
 * `npm start` works with no set-up, the devices subscribed to this key keep working after a restart
 * (a new key would orphan every subscription), and every node of a cluster signs with the same pair
 * (a subscription names one public key; a push signed with another node's pair would be refused).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import webpush from 'web-push'
import type { Executor } from '#server/db/client.ts'
import { pushVapidKeys } from '#server/db/schema.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string'

async function storedPair(db: Executor): Promise<VapidKeys | undefined> {
  const [row] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys)
    .limit(1)
  return row
}

export async function loadVapidKeys(
  configured: VapidKeys | undefined,
  db: Executor,
  dataDir: string,
): Promise<VapidKeys> {
  if (configured) return configured
  const stored = await storedPair(db)
  if (stored) return stored
  // A pair an earlier version kept in DATA_DIR is adopted: the devices subscribed to it keep working.
  const candidate = (await pairOnDisk(dataDir)) ?? webpush.generateVAPIDKeys()
  // Of nodes starting together, the first insert wins and every node reads the winner's pair.
  await db.insert(pushVapidKeys).values(candidate).onConflictDoNothing()
  const winner = await storedPair(db)
  if (!winner) throw new Error('push_vapid_keys holds no key pair after inserting one')
  return winner
}

async function pairOnDisk(dataDir: string): Promise<VapidKeys | undefined> {
  const file = join(dataDir, 'push', 'vapid.json')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const parsed: unknown = JSON.parse(text)
  return isKeys(parsed) ? parsed : undefined
}
