import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { FormActions } from '#client/features/deals/admin-kit.ts'
import { lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandStreamerResult } from '#shared/contract/brand.ts'
import { formatMoney } from '#shared/format.ts'
import { askForReview } from '../mutations'
import { GeneralError, useBrandSubmit } from './form-parts'

/** 1,000, as the server keeps it: enough to say why a deal looks wrong, short enough to read in a queue. */
const MESSAGE_MAX = 1000

// The contract's body checks the request before it is sent (arktype loads on the first submit).
const reviewResolver = lazyArkResolver<{ message: string }>(() =>
  import('#shared/contract/brand.ts').then((contract) => contract.BrandDealReviewBody),
)

/** The review request's form, once opened: a short message to the administrators. */
function ReviewForm({
  slug,
  code,
  deal,
  onCancel,
}: {
  slug: string
  code: string
  deal: BrandStreamerResult
  onCancel: () => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<{ message: string }>({
    defaultValues: { message: '' },
    resolver: reviewResolver,
    shouldFocusError: false,
  })
  const { submit, general, box, state, pending } = useBrandSubmit(form, async ({ message }) => {
    await askForReview(queryClient, slug, code, deal.dealCode, message)
    void notify('success', t`Review requested: an administrator looks at ${deal.username}’s deal.`)
  })
  return (
    <form ref={box} className="form review-form" onSubmit={submit} noValidate>
      <GeneralError message={general} />
      <Field label={t`What should the administrators look at?`} error={state('message').error}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={MESSAGE_MAX} {...form.register('message')} />
        )}
      </Field>
      <FormActions onCancel={onCancel} pending={pending} submitLabel={<Trans>Send the request</Trans>} />
    </form>
  )
}

/** A flagged deal's "Ask for review": a short message to the administrators, once. */
function ReviewRequest({ slug, code, deal }: { slug: string; code: string; deal: BrandStreamerResult }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  if (deal.reviewRequested)
    return (
      <p className="status-badge status-badge-requested">
        <Trans>Review requested</Trans>
      </p>
    )
  if (!open)
    return (
      <button
        type="button"
        className="button button-ghost"
        onClick={() => setOpen(true)}
        aria-label={t`Ask for review: ${deal.username}`}
      >
        <Trans>Ask for review</Trans>
      </button>
    )
  return <ReviewForm slug={slug} code={code} deal={deal} onCancel={() => setOpen(false)} />
}

/**
 * Deals whose clicks look bought (the trust checks flag them): their earnings wait for an
 * administrator's review, and the brand can ask for one with a word of context.
 */
/** A flagged deal's clicks and earnings, in words: "1 valid click", never "1 valid clicks". */
function FlaggedCounts({ deal }: { deal: BrandStreamerResult }) {
  // The same messages as the results chart's totals (clicks-chart.tsx), so one translation serves both.
  const valid = deal.validClicks
  const invalid = deal.invalidClicks
  const validText = plural(valid, { one: '# valid click', other: '# valid clicks' })
  const invalidText = plural(invalid, { one: '# click not counted', other: '# clicks not counted' })
  const earned = formatMoney(deal.earnedCents)
  return (
    <span className="muted">
      <Trans>
        {validText}, {invalidText}, {earned} earned
      </Trans>
    </span>
  )
}

export function FlaggedDeals({
  slug,
  code,
  streamers,
}: {
  slug: string
  code: string
  streamers: readonly BrandStreamerResult[]
}) {
  const flagged = streamers.filter((row) => row.flagged)
  if (flagged.length === 0) return null
  return (
    <section className="brand-section" aria-labelledby="brand-flagged-title">
      <h2 id="brand-flagged-title">
        <Trans>Flagged deals</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Our checks found clicks that look bought on these deals. Their earnings stay on hold until an
          administrator reviews them.
        </Trans>
      </p>
      <ul className="flagged-list">
        {flagged.map((deal) => (
          <li key={deal.dealCode}>
            <p>
              <strong>{deal.username}</strong> <FlaggedCounts deal={deal} />
            </p>
            <ReviewRequest slug={slug} code={code} deal={deal} />
          </li>
        ))}
      </ul>
    </section>
  )
}
