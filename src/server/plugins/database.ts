import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database, OpenedDatabase } from '../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    database: OpenedDatabase
  }
}

/**
 * Decorates the app with an already opened database (index.ts or a test opens it, so the same
 * database can outlive one app instance) and closes it with the app when the app owns it.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, { database, owned }: { database: OpenedDatabase; owned: boolean }) => {
    app.decorate('database', database)
    app.decorate('db', database.db)
    if (owned) app.addHook('onClose', async () => database.close())
  },
  { name: 'database' },
)
