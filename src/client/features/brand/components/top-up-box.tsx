import { Trans, useLingui } from '@lingui/react/macro'
import type { Stripe, StripeCardElement, StripeElementLocale } from '@stripe/stripe-js'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { EuroField, euroCents, euroRule } from '#client/components/ui/euro-field.tsx'
import { loadStripeClient, stripePublicKey } from '#client/features/wallet/stripe.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandTopUp } from '#shared/contract/brand.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { topUpSourceLabels, topUpStatusLabels } from '../labels'
import { brandRefusal } from '../messages'
import { startCardTopUp } from '../mutations'
import { brandQueries } from '../queries'
import { GeneralError } from './form-parts'
import { TopUpRequest } from './top-up-request'

// 50 cents, Stripe's smallest charge in EUR (the contract's MIN_CARD_TOP_UP_CENTS: a value there would bring arktype along).
const MIN_CARD_TOP_UP_CENTS = 50

/** Stripe's card field, mounted once Stripe.js has loaded; null until then (or when it cannot load). */
function useCardElement(box: RefObject<HTMLDivElement | null>, locale: string) {
  const [card, setCard] = useState<{ stripe: Stripe; element: StripeCardElement } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let element: StripeCardElement | null = null
    let cancelled = false
    loadStripeClient()
      .then((stripe) => {
        if (cancelled || !stripe || !box.current) return
        element = stripe.elements({ locale: locale as StripeElementLocale }).create('card', {
          // The field lives in an iframe: it gets the theme's colours as values.
          style: { base: { color: '#f4f2fa', fontSize: '16px', '::placeholder': { color: '#b9b2cf' } } },
        })
        element.mount(box.current)
        setCard({ stripe, element })
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      element?.destroy()
    }
  }, [box, locale])
  return { card, failed }
}

/** Tops the budget up by card: the server opens a payment, Stripe.js confirms it, Stripe's webhook credits it. */
function CardTopUp({ slug, code }: { slug: string; code: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const box = useRef<HTMLDivElement>(null)
  const { card, failed } = useCardElement(box, i18n.locale)
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } })
  const [cardError, setCardError] = useState<string | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const pending = form.formState.isSubmitting
  const submit = form.handleSubmit(async ({ amount }) => {
    if (!card) return
    setCardError(null)
    setGeneral(null)
    let intent: { clientSecret: string }
    try {
      intent = await startCardTopUp(slug, code, euroCents(amount) ?? 0)
    } catch (error) {
      setGeneral(brandRefusal(i18n, error))
      return
    }
    const result = await card.stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: { card: card.element },
    })
    // Stripe's messages are written for the card holder, in their language (a declined card…).
    if (result.error) setCardError(result.error.message ?? t`The card payment did not go through.`)
    else {
      form.reset()
      void notify('success', t`Payment accepted: the budget grows as soon as Stripe confirms it.`)
    }
    void queryClient.invalidateQueries({ queryKey: brandQueries.topUps(slug, code).queryKey })
  })
  return (
    <form className="form top-up-form" onSubmit={submit} noValidate aria-label={t`Top up by card`}>
      <GeneralError message={general} />
      <EuroField
        label={t`Amount in euros`}
        registration={form.register('amount', {
          validate: euroRule(i18n, {
            minCents: MIN_CARD_TOP_UP_CENTS,
            tooSmall: t`Card top-ups start at ${formatMoney(MIN_CARD_TOP_UP_CENTS)}.`,
          }),
        })}
        value={form.watch('amount')}
        error={form.formState.errors.amount?.message}
        hint={(money) => (money ? t`${money} will be charged.` : undefined)}
      />
      <div className="field">
        <span className="field-label">
          <Trans>Card</Trans>
        </span>
        <div ref={box} className="card-element" />
        {failed ? (
          <p className="field-error" role="alert">
            <Trans>The card form could not load. Check your connection and reload the page.</Trans>
          </p>
        ) : null}
        {cardError ? (
          <p className="field-error" role="alert">
            {cardError}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending || !card} aria-busy={pending}>
          <Trans>Pay and top up</Trans>
        </button>
      </div>
    </form>
  )
}

/** What Stripe took back of a credited card top-up, and so out of the budget: refunded, disputed. */
function TakenBack({ topUp }: { topUp: BrandTopUp }) {
  if (topUp.refunded === 0 && topUp.disputed === 0) return null
  const refunded = formatMoney(topUp.refunded)
  const disputed = formatMoney(topUp.disputed)
  return (
    <span className="muted top-up-taken-back">
      {topUp.refunded > 0 ? <Trans>{refunded} refunded, out of the budget</Trans> : null}
      {topUp.refunded > 0 && topUp.disputed > 0 ? ' · ' : null}
      {topUp.disputed > 0 ? <Trans>{disputed} disputed, out of the budget</Trans> : null}
    </span>
  )
}

/**
 * The budget's top-ups: by card when this deployment has Stripe's public key, else a note that an
 * administrator records them by hand; and the top-ups so far, whatever their source.
 */
export function TopUpBox({ slug, code }: { slug: string; code: string }) {
  const { i18n } = useLingui()
  const { data } = useQuery(brandQueries.topUps(slug, code))
  return (
    <section className="brand-section top-up-box" aria-labelledby="brand-top-up-title">
      <h2 id="brand-top-up-title">
        <Trans>Top up the budget</Trans>
      </h2>
      {stripePublicKey() ? <CardTopUp slug={slug} code={code} /> : <TopUpRequest slug={slug} code={code} />}
      {data && data.items.length > 0 ? (
        <>
          <h3>
            <Trans>Top-ups so far</Trans>
          </h3>
          <ul className="top-up-list">
            {data.items.map((topUp) => (
              <li key={topUp.id}>
                <span>{formatDate(topUp.createdAt)}</span>
                <strong>{formatMoney(topUp.amount)}</strong>
                <span className="muted">{i18n._(topUpSourceLabels[topUp.source])}</span>
                <span className={`status-badge status-badge-${topUp.status}`}>
                  {i18n._(topUpStatusLabels[topUp.status])}
                </span>
                <TakenBack topUp={topUp} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
