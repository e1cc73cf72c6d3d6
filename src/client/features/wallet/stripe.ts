import type { Stripe } from '@stripe/stripe-js'

/**
 * The card payment provider, loaded only when a public key is configured and only when a
 * page asks for it: never on the first route. Without VITE_STRIPE_PUBLIC_KEY the manual provider is
 * used and nothing mentions Stripe.
 */
export const stripePublicKey = (): string | undefined => import.meta.env.VITE_STRIPE_PUBLIC_KEY || undefined

let loading: Promise<Stripe | null> | null = null

export function loadStripeClient(): Promise<Stripe | null> {
  const key = stripePublicKey()
  if (!key) return Promise.resolve(null)
  loading ??= import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(key))
  return loading
}
