/**
 * An app server of its own, fanning its socket events out through Redis Streams as every node of a
 * multi-node deployment does, and a second node beside it in the test process: what that node emits to
 * a room reaches the browsers connected to the real server through the server's own adapter, the path
 * every push from another node takes in production. The server needs no test-only route for it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import { Redis } from 'ioredis'
import { Server } from 'socket.io'
import type { WidgetProgress } from '#shared/contract/deals.ts'
import { stopServer, waitUntilReady } from './built-server'

export const REDIS_URL = process.env.E2E_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Whether Redis answers at REDIS_URL within a second (the tests that need it are skipped otherwise). */
export async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

/** The built server on `port` with its own data and Redis prefix (no other run shares its stream). */
export async function startClusterServer(port: number, dataDir: string, prefix: string) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  const dist = process.env.E2E_DIST ?? 'dist'
  const base = `http://127.0.0.1:${port}`
  const server: ChildProcess = spawn(process.execPath, [join(dist, 'server', 'index.js')], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      CLIENT_DIR: join(dist, 'client'),
      SEED_DEMO: '1',
      REDIS_URL,
      REDIS_PREFIX: prefix,
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@streamdeals.test',
      ADMIN_PASSWORD: 'Admin-password-1',
      LOG_LEVEL: process.env.E2E_CLUSTER_LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await waitUntilReady(base)
  return { base, stop: () => stopServer(server) }
}

/** A second socket.io node on the same Redis stream as the server started with `prefix`. */
export function secondNode(prefix: string) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null })
  // The server's own stream, session and channel names (src/server/plugins/socket-redis.ts).
  const io = new Server()
  io.adapter(
    createAdapter(redis, {
      streamName: `${prefix}:socket.io`,
      sessionKeyPrefix: `${prefix}:sio:session:`,
      channelPrefix: `${prefix}:socket.io`,
    }),
  )
  return {
    /** What the deal notifier pushes after a settled change, to the widget room of `update.token`. */
    progress(update: WidgetProgress) {
      io.to(`widget:${update.token}`).emit('widget:progress', update)
    },
    async close() {
      // The node has no HTTP server of its own (io.close() expects one): its adapter stops reading.
      await io.of('/').adapter.close()
      redis.disconnect()
    },
  }
}

/** Removes what a run left in Redis under `prefix`, once its server has stopped writing there. */
export async function forgetPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  const keys = await redis.keys(`${prefix}:*`)
  if (keys.length > 0) await redis.del(...keys)
  redis.disconnect()
}
