/**
 * The fields of a mission form, shared by the admin's missions tab and the brand portal's new-mission
 * page (features/brand): texts in every language, the integration and a preview of its link, the
 * reward, goal, spots, budget and dates. Each form adds what only it has (the admin's provider and
 * status pickers) and sends the body to its own endpoint.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { DateInput } from '#client/components/ui/date-input.tsx'
import { Field } from '#client/components/ui/field.tsx'
import type { AdminMission } from '#shared/contract/admin.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { INTEGRATION_TYPES } from '#shared/deal-values.ts'
import { formatMoney } from '#shared/format.ts'
import { buildIntegrationLink, NO_LINK } from '#shared/integration-links.ts'
import { integrationTypeLabels, rewardModelLabels } from '../labels'
import {
  emptyLocalized,
  LocalizedField,
  type LocalizedValue,
  localizedBody,
  localizedValue,
} from './localized-field'

export interface MissionValues {
  title: LocalizedValue
  description: LocalizedValue
  tips: LocalizedValue
  type: string
  link: string
  model: 'cpc' | 'fixed'
  amount: string
  goal: string
  spots: string
  budget: string
  startsAt: string
  endsAt: string
}

/** What a mission form edits of a mission (a new one: sensible defaults). */
type EditedMission = Pick<
  AdminMission,
  'title' | 'description' | 'tips' | 'tools' | 'reward' | 'goal' | 'spots' | 'budget' | 'startsAt' | 'endsAt'
>

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

export function missionValues(mission: EditedMission | null): MissionValues {
  return {
    title: mission ? localizedValue(mission.title) : emptyLocalized(),
    description: mission ? localizedValue(mission.description) : emptyLocalized(),
    tips: mission ? localizedValue(mission.tips) : emptyLocalized(),
    type: mission?.tools.type ?? 'LINK',
    link: mission?.tools.parameters.URL ?? mission?.tools.parameters.ABSOLUTE_LINK ?? '',
    model: mission?.reward.model ?? 'cpc',
    amount: mission ? String(mission.reward.amount) : '10',
    goal: String(mission?.goal ?? 100),
    spots: String(mission?.spots ?? 10),
    budget: mission?.budget ? String(mission.budget) : '',
    startsAt: day(mission?.startsAt ?? new Date().toISOString()),
    endsAt: day(mission?.endsAt ?? null),
  }
}

/** The link's parameter name for an integration type: custom codes take an absolute link. */
const linkParameter = (type: string) => (type === 'CUSTOM_CODE' ? 'ABSOLUTE_LINK' : 'URL')

/** The mission body's fields these values give (the form adds its own: provider, status). */
export function missionBody(values: MissionValues) {
  return {
    title: localizedBody(values.title),
    description: localizedBody(values.description),
    tips: localizedBody(values.tips),
    tools: { type: values.type, parameters: { [linkParameter(values.type)]: values.link } },
    reward: { model: values.model, amount: Number(values.amount) },
    goal: Number(values.goal),
    spots: Number(values.spots),
    budget: values.budget ? Number(values.budget) : null,
    startsAt: new Date(`${values.startsAt}T00:00:00Z`).toISOString(),
    endsAt: values.endsAt ? new Date(`${values.endsAt}T23:59:59Z`).toISOString() : null,
  }
}

type TextField = 'type' | 'link' | 'model' | 'amount' | 'goal' | 'spots' | 'budget'

/** Where the server reports each field's error in the mission body. */
const errorPaths = (values: MissionValues): Record<TextField | 'startsAt' | 'endsAt', string> => ({
  type: 'tools.type',
  link: `tools.parameters.${linkParameter(values.type)}`,
  model: 'reward.model',
  amount: 'reward.amount',
  goal: 'goal',
  spots: 'spots',
  budget: 'budget',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
})

// The preview's stand-ins for what only a real deal knows: a streamer's name and a deal code.
const SAMPLE_USERNAME = 'your_streamer'
const SAMPLE_DEAL_CODE = 'K7P2QX'
const SAMPLE_MISSION_CODE = 'your-mission'

/** Where a viewer of a sample streamer lands: the integration link the tracking redirect builds. */
export function TrackedLinkPreview({ type, link }: { type: string; link: string }) {
  const data = integrationLinkData({
    dealCode: SAMPLE_DEAL_CODE,
    missionCode: SAMPLE_MISSION_CODE,
    username: SAMPLE_USERNAME,
  })
  const target = buildIntegrationLink({ type, parameters: { [linkParameter(type)]: link } }, data)
  return (
    <div className="tracked-link-preview" aria-live="polite" data-testid="tracked-link-preview">
      {target === NO_LINK ? (
        <p className="muted">
          <Trans>Enter the link above to see where viewers land.</Trans>
        </p>
      ) : (
        <>
          <p className="field-hint">
            <Trans>
              Preview: a viewer of the streamer “{SAMPLE_USERNAME}” (deal {SAMPLE_DEAL_CODE}) who opens their
              tracked link lands on
            </Trans>
          </p>
          <p className="tracked-link-target break-all">{target}</p>
        </>
      )}
    </div>
  )
}

/** Reads a field's error by its path in the body (the form's useAdminFormErrors). */
export type ErrorFor = (path: string) => string | undefined

export function MissionFieldControls({
  values,
  onChange,
  errorFor,
  thumbnail,
}: {
  values: MissionValues
  onChange: (values: MissionValues) => void
  errorFor: ErrorFor
  /** The thumbnail picker, placed after the texts. */
  thumbnail?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const paths = errorPaths(values)
  const set = (field: TextField) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value })
  const cents = (value: string) => (Number(value) > 0 ? formatMoney(Math.round(Number(value))) : undefined)
  const number = (field: 'amount' | 'goal' | 'spots' | 'budget', label: string, hint?: string) => (
    <Field label={label} error={errorFor(paths[field])} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required={field !== 'budget'}
          value={values[field]}
          onChange={set(field)}
        />
      )}
    </Field>
  )
  // DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD.
  // The only rule of the end date the form does not check itself: it must come after the start.
  const dayError = (field: 'startsAt' | 'endsAt') =>
    field === 'endsAt' && errorFor(paths.endsAt)
      ? t`Choose an end date after the start date.`
      : errorFor(paths[field])
  const dayInput = (field: 'startsAt' | 'endsAt', label: string, required = false) => (
    <Field label={label} error={dayError(field)}>
      {(control) => (
        <DateInput
          id={control.id}
          value={values[field]}
          onChange={(text) => onChange({ ...values, [field]: text })}
          required={required}
        />
      )}
    </Field>
  )
  const localized = (field: 'title' | 'description' | 'tips', label: string, required = false) => (
    <LocalizedField
      label={label}
      value={values[field]}
      onChange={(text) => onChange({ ...values, [field]: text })}
      errorFor={(language) =>
        errorFor(`${field}.${language}`) ?? (language === 'en' ? errorFor(field) : undefined)
      }
      required={required}
      multiline={field !== 'title'}
      hint={field === 'title'}
    />
  )
  const amountHint = cents(values.amount)
  const budgetHint = cents(values.budget)
  return (
    <>
      {localized('title', t`Title`, true)}
      {localized('description', t`Description`, true)}
      {localized('tips', t`Tips`)}
      {thumbnail}
      <Field label={t`Integration type`} error={errorFor(paths.type)}>
        {(control) => (
          <select {...control} value={values.type} onChange={set('type')}>
            {INTEGRATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {i18n._(integrationTypeLabels[value])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={values.type === 'CUSTOM_CODE' ? t`Link of the code page` : t`Link template`}
        error={errorFor(paths.link)}
        hint={
          values.type === 'CUSTOM_CODE'
            ? undefined
            : t`%username% is replaced by the streamer’s name, %mission% by the deal code where the type uses it.`
        }
      >
        {(control) => <input {...control} inputMode="url" value={values.link} onChange={set('link')} />}
      </Field>
      <TrackedLinkPreview type={values.type} link={values.link} />
      <Field label={t`Reward model`} error={errorFor(paths.model)}>
        {(control) => (
          <select {...control} value={values.model} onChange={set('model')}>
            <option value="cpc">{i18n._(rewardModelLabels.cpc)}</option>
            <option value="fixed">{i18n._(rewardModelLabels.fixed)}</option>
          </select>
        )}
      </Field>
      {number('amount', t`Reward in cents`, amountHint && t`That is ${amountHint}.`)}
      {number('goal', t`Goal (valid clicks)`)}
      {number('spots', t`Spots`)}
      {number(
        'budget',
        t`Budget in cents (empty: no cap)`,
        budgetHint ? t`That is ${budgetHint}.` : t`Without a budget the mission pays every valid click.`,
      )}
      {dayInput('startsAt', t`Starts on`, true)}
      {dayInput('endsAt', t`Ends on`)}
    </>
  )
}
