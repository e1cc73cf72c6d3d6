/**
 * Idempotency-Key for actions a client may send more than once: an action queued
 * offline is sent by the page when it comes back online AND by the service worker's Background Sync,
 * and either may retry after a lost answer. A route opts in with `registerRoute(..., { idempotent:
 * true })`; a request carrying the header then claims (user, key) before the action runs:
 * - the first claim runs the action and keeps its answer (status and JSON text);
 * - a later or concurrent request with the same key waits for that answer and gets it, with
 *   `Idempotent-Replayed: true`, without acting again;
 * - the same key with another endpoint, path or body is refused (422, `idempotency.key_reused`);
 *   bodies are compared in canonical form (sorted keys), so a retry's reordered JSON is the same body.
 * Only successes are remembered: an action that failed releases its claim, so a retry is judged
 * afresh (like payouts). Claims are pruned a day later by the retention job.
 *
 * Why a claim row committed before the action rather than the action's own transaction: the actions'
 * services open their own transactions on the shared database handle, and PGlite's single
 * connection would deadlock under an outer one. The cost is a crash between the action's commit
 * and the answer's write, which leaves a pending claim: it is taken over after STALE_CLAIM_MS, and
 * the action then meets its own natural guard (a mission already taken is a 409).
 * Payouts keep their own key in the payout row, written in the debit's transaction: money needs the
 * stronger guarantee, and it has it.
 */
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { idempotentRequests } from '#server/db/schema.ts'
import { formError } from '#shared/contract/form-error-tree.ts'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '#shared/contract/wallet.ts'
import { ApiError } from './api-error'
import type { UploadedFile } from './multipart'

/** Visible ASCII only: a key is an opaque token the client made, usually a UUID. */
const KEY_PATTERN = /^[\x21-\x7e]+$/
const DAY_MS = 24 * 60 * 60 * 1000
/** How long a request waits for a concurrent one holding the same key before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000
const POLL_MS = 25
/** A claim still pending after this long belongs to a request that died; it may be taken over. */
const STALE_CLAIM_MS = 2 * 60 * 1000

const REPLAYED_HEADER = 'idempotent-replayed'

/** The header's key when it is one (1 to 200 visible characters), else undefined. Payouts use it too. */
export function validIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? undefined : header?.trim()
  return key && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && KEY_PATTERN.test(key) ? key : undefined
}

/** The header's key: null when absent, a 400 when present but not 1 to 200 visible characters. */
export function idempotencyKeyHeader(header: string | string[] | undefined): string | null {
  if (header === undefined) return null
  const key = validIdempotencyKey(header)
  if (!key) {
    throw new ApiError(
      400,
      'FORM_0001',
      'An Idempotency-Key header must be 1 to 200 visible characters',
      formError('', 'idempotency.key_invalid'),
    )
  }
  return key
}

const keyReused = () =>
  new ApiError(
    422,
    'UNPROCESSABLE',
    'This Idempotency-Key was already used for a different request',
    formError('', 'idempotency.key_reused'),
  )

const stillRunning = () =>
  new ApiError(
    409,
    'CONFLICT',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    formError('', 'idempotency.in_progress'),
    { 'retry-after': '1' },
  )

export interface IdempotencyScope {
  userId: string
  key: string
  endpoint: string
  fingerprint: string
}

// A fingerprint is a fast, unsalted hash kept for a day: a password in it could be guessed back from
// it. Passwords are left out (a key reused with only another password is then replayed, not refused).
const SECRET_FIELDS = new Set(['password', 'plainPassword', 'currentPassword'])
function withoutSecrets(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, SECRET_FIELDS.has(name) ? '(secret)' : value]),
  )
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * JSON text that is the same for equal values: object keys sorted at every level (a client may send
 * `{"a":1,"b":2}` once and `{"b":2,"a":1}` on its retry), arrays kept in their order (it means something).
 * JSON.stringify calls the replacer on each object before writing it, so every level is sorted.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((name) => [name, inner[name]]),
        )
      : inner,
  )
}

/** What identifies the request: its endpoint, path parameters, validated body and uploaded files. */
export function requestFingerprint(
  endpoint: string,
  params: unknown,
  body: unknown,
  files: Record<string, UploadedFile>,
): string {
  const fileDigests = Object.entries(files)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, file]) => [name, createHash('sha256').update(file.buffer).digest('hex')])
  return createHash('sha256')
    .update(canonicalJson([endpoint, params ?? null, withoutSecrets(body) ?? null, fileDigests]))
    .digest('hex')
}

async function claim(db: Database, scope: IdempotencyScope): Promise<string | null> {
  const [row] = await db
    .insert(idempotentRequests)
    .values(scope)
    .onConflictDoNothing({ target: [idempotentRequests.userId, idempotentRequests.key] })
    .returning({ id: idempotentRequests.id })
  return row?.id ?? null
}

async function findClaim(db: Database, scope: IdempotencyScope) {
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, scope.userId), eq(idempotentRequests.key, scope.key)))
    .limit(1)
  return row
}

const releaseClaim = (db: Database, id: string) =>
  db
    .delete(idempotentRequests)
    .where(and(eq(idempotentRequests.id, id), eq(idempotentRequests.status, 'pending')))

function replay(reply: FastifyReply, status: number, json: string): FastifyReply {
  return reply.code(status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(json)
}

/**
 * Runs the action once per (user, key): the first request runs it and records its answer; the others
 * (after it, or during it: they wait) are answered with that answer. See the file's comment.
 */
export async function answerOnce(
  db: Database,
  scope: IdempotencyScope,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS
  for (;;) {
    const claimId = await claim(db, scope)
    if (claimId) {
      let answer: unknown
      try {
        answer = await run()
      } catch (error) {
        await releaseClaim(db, claimId).catch((err) =>
          request.log.warn({ err }, 'idempotency: release failed'),
        )
        throw error
      }
      // A handler that sent its own reply (a file) has no JSON answer to keep.
      if (reply.sent || answer === reply) return answer
      const json = JSON.stringify(answer)
      await db
        .update(idempotentRequests)
        .set({ status: 'done', httpStatus: reply.statusCode, answer: json })
        .where(eq(idempotentRequests.id, claimId))
      return reply.type('application/json; charset=utf-8').send(json)
    }
    const row = await findClaim(db, scope)
    if (!row) continue // the first request failed and let its claim go: this one acts now
    if (row.endpoint !== scope.endpoint || row.fingerprint !== scope.fingerprint) throw keyReused()
    if (row.status === 'done' && row.answer !== null && row.httpStatus !== null) {
      return replay(reply, row.httpStatus, row.answer)
    }
    if (Date.now() - row.createdAt.getTime() > STALE_CLAIM_MS) {
      await releaseClaim(db, row.id)
      continue
    }
    if (Date.now() > deadline) throw stillRunning()
    await sleep(POLL_MS)
  }
}

/** Deletes claims older than a day (a key is honoured for a day, like Stripe's); answers how many. */
export async function pruneIdempotentRequests(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: idempotentRequests.id })
  return rows.length
}
