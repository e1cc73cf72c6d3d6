import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import { DateField } from '#client/components/ui/date-field.tsx'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { absoluteLink } from '#client/lib/http.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { brandQueries } from '../queries'
import { BrandCrumbs } from './brand-crumbs'
import { OverviewCards, OverviewChart, OverviewForecast } from './overview-parts'
import './brand.css'
import './brand-self-service.css'

const DAY_MS = 86_400_000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The range the address names (`from`, `to`), each day the last 30 UTC days' end when it names none. */
export function overviewRange(
  search: Record<string, unknown>,
  now = Date.now(),
): { from: string; to: string } {
  const pick = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : undefined)
  return { from: pick(search.from) ?? dayOf(now - 29 * DAY_MS), to: pick(search.to) ?? dayOf(now) }
}

/** The range form: two days, the first not after the second, at most a year apart. */
function RangeForm({ slug, range }: { slug: string; range: { from: string; to: string } }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const box = useRef<HTMLFormElement>(null)
  const form = useForm({ values: range })
  const submit = form.handleSubmit(
    (values) =>
      navigate({
        href: `/dashboard/provider/${encodeURIComponent(slug)}/overview?from=${values.from}&to=${values.to}`,
        // Another period of the same page: the reader stays where the form is.
        resetScroll: false,
      }),
    () => showFirstError(box.current),
  )
  const dayRules = (name: 'from' | 'to') => ({
    validate: (value: string) => {
      if (!DAY.test(value)) return validationMessage(i18n, 'validation.date')
      if (name === 'from' && value > form.getValues('to'))
        return t`The first day must come before the last one.`
      if (name === 'from' && Date.parse(form.getValues('to')) - Date.parse(value) > 366 * DAY_MS)
        return t`Choose a range of a year at most.`
      return true
    },
  })
  return (
    <form ref={box} className="form overview-range" onSubmit={submit} noValidate aria-label={t`Days shown`}>
      <DateField control={form.control} name="from" label={t`From`} rules={dayRules('from')} />
      <DateField control={form.control} name="to" label={t`To`} rules={dayRules('to')} />
      <div className="form-actions">
        <button type="submit" className="button">
          <Trans>Show</Trans>
        </button>
      </div>
    </form>
  )
}

/**
 * The brand's missions together, over a range of days (the last 30 by default): spend, valid and
 * refused clicks, cost per valid click, per day (chart and CSV), and when each budget runs out.
 */
export function BrandOverviewPage({ slug, range }: { slug: string; range: { from: string; to: string } }) {
  const { t } = useLingui()
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  const { data: overview } = useSuspenseQuery(brandQueries.overview(slug, range))
  const csv = absoluteLink('brandOverviewExport', { slug }, { from: overview.from, to: overview.to })
  return (
    <section className="brand-page">
      <BrandCrumbs slug={slug} name={provider.name} current={t`Overview`} />
      <header className="brand-page-head">
        <h1>
          <Trans>Overview of {provider.name}</Trans>
        </h1>
        <a
          className="button button-ghost"
          href={csv}
          download={`${slug}-${overview.from}-${overview.to}.csv`}
        >
          <Trans>Download the days as CSV</Trans>
        </a>
      </header>
      <RangeForm slug={slug} range={{ from: overview.from, to: overview.to }} />
      <OverviewCards overview={overview} />
      <OverviewChart days={overview.days} />
      <OverviewForecast slug={slug} missions={overview.missions} />
    </section>
  )
}
