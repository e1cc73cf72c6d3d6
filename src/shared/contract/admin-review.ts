/**
 * The operator's two work queues beside the catalogue: draft missions waiting for publication, and the
 * SEPA credit-transfer batches that carry pending payouts to the streamers' banks.
 */
import { type } from 'arktype'
import { IsoDateTime, listOf, requiredText, Uuid } from './common'
import type { EndpointSchemas } from './endpoint-schema'
import { binaryAnswer } from './endpoint-schema'
import { PayoutStatus } from './wallet'

/** 500: room for a clear explanation to the brand, not an essay. */
const REASON_MAX = 500
/** 200 payouts per file: a batch an operator can still check line by line against the bank's report. */
const BATCH_MAX = 200

/** Why a draft goes back to its brand: required, and more than blanks (the brand reads it). */
const MissionRejectionBody = type({
  '+': 'reject',
  reason: requiredText(REASON_MAX),
}).narrow(
  (body, ctx) =>
    body.reason.trim() !== '' ||
    ctx.reject({
      expected: 'a reason',
      relativePath: ['reason'],
      meta: { rule: 'required' },
    }),
)
export type MissionRejectionBody = typeof MissionRejectionBody.infer

/** One draft of the queue: enough to decide, with a link to the full mission in the Missions tab. */
export const QueuedMission = type({
  code: 'string',
  providerName: 'string',
  providerSlug: 'string',
  title: 'string',
  rewardModel: 'string',
  rewardAmount: 'number.integer',
  budget: 'number.integer | null',
  startsAt: IsoDateTime,
  createdAt: IsoDateTime,
})
export type QueuedMission = typeof QueuedMission.infer

/** What the decision left: the mission's status and, for a rejection, the note its brand reads. */
export const MissionDecision = type({
  code: 'string',
  status: "'draft' | 'published' | 'paused' | 'closed'",
  reviewNote: 'string | null',
  reviewedAt: IsoDateTime.or('null'),
})
export type MissionDecision = typeof MissionDecision.infer

const PayoutBatchBody = type({
  '+': 'reject',
  payoutIds: Uuid.array().atLeastLength(1).atMostLength(BATCH_MAX),
})
export type PayoutBatchBody = typeof PayoutBatchBody.infer

export const PayoutBatchLine = type({
  payoutId: Uuid,
  username: 'string',
  holderName: 'string',
  ibanMasked: 'string',
  amount: 'number.integer',
  status: PayoutStatus,
  /** The transfer's end-to-end reference in the file: what the bank's report names. */
  reference: 'string',
})
export type PayoutBatchLine = typeof PayoutBatchLine.infer

export const PayoutBatch = type({
  id: Uuid,
  /** The file's message id (GrpHdr/MsgId), unique: a bank refuses a file it has already seen. */
  messageId: 'string',
  createdAt: IsoDateTime,
  createdBy: 'string | null',
  total: 'number.integer',
  lines: PayoutBatchLine.array(),
})
export type PayoutBatch = typeof PayoutBatch.infer

export const PayoutBatchLineBody = type({
  '+': 'reject',
  status: "'paid' | 'failed'",
  'reason?': type('string').atMostLength(REASON_MAX),
})
export type PayoutBatchLineBody = typeof PayoutBatchLineBody.infer

export const adminReviewEndpoints = {
  adminMissionQueue: {
    summary: 'Draft missions waiting for publication (not yet sent back to their brand), oldest first',
    response: listOf(QueuedMission),
  },
  adminMissionPublish: {
    summary:
      'Publishes a draft, audited; its brand is told by mail. Once only: a mission no longer a draft is 409',
    response: MissionDecision,
  },
  adminMissionReject: {
    summary:
      'Sends a draft back to its brand with a reason (shown on the mission in the portal and mailed), audited; 409 once decided',
    body: MissionRejectionBody,
    response: MissionDecision,
  },
  adminPayoutBatches: {
    summary: 'SEPA payout batches, newest first, with their lines',
    response: listOf(PayoutBatch),
  },
  adminPayoutBatchCreate: {
    summary:
      'Puts pending payouts in a new batch (each payout in one batch only: 409 if any is taken or settled), audited',
    body: PayoutBatchBody,
    response: PayoutBatch,
    status: 201,
  },
  adminPayoutBatchFile: {
    summary: 'The batch as a SEPA credit-transfer file (pain.001.001.03), from the configured debtor account',
    response: binaryAnswer('application/xml'),
  },
  adminPayoutBatchLine: {
    summary:
      'Marks one line of a batch paid, or failed (its amount goes back to the balance); once only (409); the streamer is told',
    body: PayoutBatchLineBody,
    response: PayoutBatchLine,
  },
} as const satisfies Record<string, EndpointSchemas>
