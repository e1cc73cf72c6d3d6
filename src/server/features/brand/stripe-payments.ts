/**
 * What the brand's card top-ups and Stripe's webhook share: the official client, pointed at
 * STRIPE_API_URL, and the answer when card payments are not set up. Both route modules import it,
 * neither imports the other.
 */
import Stripe from 'stripe'
import type { Config } from '#server/config.ts'
import { conflict } from '#server/http/api-error.ts'

/** The official client, pointed at STRIPE_API_URL (Stripe itself, or a local stand-in in tests). */
export function stripeClient(config: Config): Stripe | null {
  if (!config.stripe) return null
  const { host, port, protocol } = config.stripe.api
  // Two retries: Stripe asks for retried requests with idempotency keys, which the client adds itself.
  return new Stripe(config.stripe.secretKey, { host, port, protocol, maxNetworkRetries: 2 })
}

export const paymentsOff = () =>
  conflict('Card payments are not set up on this server; an admin can record a manual top-up', {
    errors: ['payments_off'],
  })
