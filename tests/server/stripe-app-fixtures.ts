/**
 * An app wired to the local Stripe stand-in (no demo content), with the two moves the top-up tests share:
 * delivering a signed webhook event and starting a brand's card top-up.
 */
import { expect } from 'vitest'
import type { Mailer } from '#server/lib/mailer.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import type { TestUser } from '../support/test-users'
import {
  type SignedDelivery,
  STRIPE_TEST_SECRET,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from './stripe-stand-in'

export interface StripeTestApp {
  stripe: StripeStandIn
  testApp: TestApp
  close(): Promise<void>
}

export async function createStripeTestApp(options: { mailer?: Mailer } = {}): Promise<StripeTestApp> {
  const stripe = await startStripeStandIn()
  const testApp = await createTestApp({
    seed: false,
    mailer: options.mailer,
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  })
  return {
    stripe,
    testApp,
    close: async () => {
      await testApp.close()
      await stripe.close()
    },
  }
}

/** Posts a signed event to the webhook, as Stripe delivers it (a raw body: the signature covers its bytes). */
export const deliverEvent = ({ testApp }: StripeTestApp, event: SignedDelivery) =>
  testApp.app.inject({
    method: 'POST',
    url: endpoint('stripeWebhook'),
    headers: event.headers,
    payload: event.payload,
  })

/** A card top-up started by a member of the brand: the server's intent at the stand-in, and its ids. */
export async function startBrandTopUp(
  { testApp, stripe }: StripeTestApp,
  who: TestUser,
  slug: string,
  code: string,
  amount: number,
) {
  const started = await call(testApp.app, 'brandTopUpCreate', {
    params: { slug, code },
    headers: who.auth,
    body: { amount },
  })
  expect(started.statusCode).toBe(201)
  const { topUpId, clientSecret } = started.json() as { topUpId: string; clientSecret: string }
  const intent = stripe.intents.find((candidate) => candidate.metadata.topUpId === topUpId)
  if (!intent) throw new Error('no intent reached the stand-in')
  return { intent, topUpId, clientSecret }
}
