import type { FastifyInstance } from 'fastify'

// Filled by its feature's issue; registered by app.ts.
export async function siteRoutes(_app: FastifyInstance) {}
