/**
 * A local stand-in for Stripe's API (tests only, loopback): enough of `POST /v1/payment_intents` for
 * the official client to make intents, honouring idempotency keys like Stripe does; and signed webhook
 * events made with the client's own test helper, as Stripe would deliver them.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export const STRIPE_TEST_SECRET = 'sk_test_standin_000000000000'
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_standin_0000000000000000'

export interface StandInIntent {
  id: string
  amount: number
  currency: string
  metadata: Record<string, string>
  idempotencyKey: string | undefined
  authorization: string | undefined
}

export interface StripeStandIn {
  url: string
  intents: StandInIntent[]
  /** The next intent creation is refused with this HTTP status (a Stripe error body), once. */
  refuseNext(status: number): void
  close(): Promise<void>
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })

const intentJson = (intent: StandInIntent) =>
  JSON.stringify({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: 0,
    currency: intent.currency,
    metadata: intent.metadata,
    status: 'requires_payment_method',
    client_secret: `${intent.id}_secret_${randomBytes(8).toString('hex')}`,
  })

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents: StandInIntent[] = []
  let refusal: number | null = null
  const server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request))
    response.setHeader('content-type', 'application/json')
    if (request.method !== 'POST' || request.url !== '/v1/payment_intents') {
      response
        .writeHead(404)
        .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such route' } }))
      return
    }
    if (refusal !== null) {
      const status = refusal
      refusal = null
      response
        .writeHead(status)
        .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Refused' } }))
      return
    }
    const key = request.headers['idempotency-key']
    const idempotencyKey = typeof key === 'string' ? key : undefined
    const replay = idempotencyKey
      ? intents.find((intent) => intent.idempotencyKey === idempotencyKey)
      : undefined
    const metadata: Record<string, string> = {}
    for (const [name, value] of body) {
      const match = /^metadata\[(\w+)\]$/.exec(name)
      if (match?.[1]) metadata[match[1]] = value
    }
    const intent = replay ?? {
      id: `pi_${randomBytes(12).toString('hex')}`,
      amount: Number(body.get('amount')),
      currency: body.get('currency') ?? '',
      metadata,
      idempotencyKey,
      authorization: request.headers.authorization,
    }
    if (!replay) intents.push(intent)
    response.writeHead(200).end(intentJson(intent))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refuseNext: (status) => {
      refusal = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const signer = new Stripe(STRIPE_TEST_SECRET)

export interface SignedDelivery {
  payload: string
  headers: Record<string, string>
}

export interface SigningOptions {
  eventId?: string
  secret?: string
  /** The signature's time in Unix seconds (now unless given), as Stripe puts it in `t=`. */
  timestamp?: number
}

/** Any event, with its data object as given, signed as Stripe signs deliveries (or with another secret). */
export function signedObjectEvent(
  type: string,
  object: Record<string, unknown>,
  options: SigningOptions = {},
): SignedDelivery {
  const payload = JSON.stringify({
    id: options.eventId ?? `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  })
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } }
}

/** A webhook delivery of a PaymentIntent event, signed as Stripe signs them (or with another secret). */
export function signedEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: { id: string; amount: number; currency?: string },
  options: SigningOptions = {},
): SignedDelivery {
  return signedObjectEvent(
    type,
    {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: type === 'payment_intent.succeeded' ? intent.amount : 0,
      currency: intent.currency ?? 'eur',
    },
    options,
  )
}

/** `charge.refunded` of the intent's charge: `amountRefunded` is cumulative, as Stripe reports it. */
export const refundEvent = (
  intent: { id: string; amount: number },
  amountRefunded: number,
  options: SigningOptions = {},
): SignedDelivery =>
  signedObjectEvent(
    'charge.refunded',
    {
      id: `ch_${intent.id.slice(3)}`,
      object: 'charge',
      payment_intent: intent.id,
      amount: intent.amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= intent.amount,
      currency: 'eur',
    },
    options,
  )

/** A dispute of the intent's charge opening (`needs_response`) or closing (`won` or `lost`). */
export const disputeEvent = (
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  intent: { id: string; amount: number },
  dispute: { amount: number; status: 'needs_response' | 'won' | 'lost' },
  options: SigningOptions = {},
): SignedDelivery =>
  signedObjectEvent(
    type,
    {
      id: `dp_${intent.id.slice(3)}`,
      object: 'dispute',
      charge: `ch_${intent.id.slice(3)}`,
      payment_intent: intent.id,
      amount: dispute.amount,
      currency: 'eur',
      status: dispute.status,
      reason: 'fraudulent',
    },
    options,
  )
