/**
 * The fields of a mission form, shared by the admin's missions tab and the brand portal's new-mission
 * page (features/brand): texts in every language, the integration and a preview of its link, the
 * reward, goal, spots, budget and dates. Each form adds what only it has (the admin's provider and
 * status pickers) and sends the body to its own endpoint.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { DateField } from '#client/components/ui/date-field.tsx'
import { EuroField, euroCents, euroCheck } from '#client/components/ui/euro-field.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { centsToInput } from '#client/lib/forms/euro-text.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import type { AdminMission } from '#shared/contract/admin.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { INTEGRATION_TYPES } from '#shared/deal-values.ts'
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
  /** Euros as typed. */
  amount: string
  goal: string
  spots: string
  /** Euros as typed; empty: no cap. */
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
    // 10 cents a valid click: a common price to start from.
    amount: centsToInput(mission?.reward.amount ?? 10),
    goal: String(mission?.goal ?? 100),
    spots: String(mission?.spots ?? 10),
    budget: mission?.budget ? centsToInput(mission.budget) : '',
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
    // Euros read into cents; what the reader refuses is said by `missionEuroChecks`.
    reward: { model: values.model, amount: euroCents(values.amount) },
    goal: Number(values.goal),
    spots: Number(values.spots),
    budget: euroCents(values.budget),
    startsAt: instant(values.startsAt, '00:00:00'),
    endsAt: values.endsAt ? instant(values.endsAt, '23:59:59') : null,
  }
}

/** A day at a time of day, UTC; what is no day is passed as typed, for the contract to refuse. */
function instant(day: string, time: string): string {
  const date = new Date(`${day}T${time}Z`)
  return Number.isNaN(date.getTime()) ? day : date.toISOString()
}

/**
 * The form field a path of the mission body names (the server's refusals and the contract's check):
 * the link's parameter is the link, the reward's amount and model their fields, a translation its
 * language; null for what the form has no field for.
 */
export function missionFieldOf(path: string): FieldPath<MissionValues> | null {
  if (/^(title|description|tips)\.(en|fr|es)$/.test(path)) return path as FieldPath<MissionValues>
  if (path === 'tools.type') return 'type'
  if (path.startsWith('tools')) return 'link'
  if (path === 'reward.model') return 'model'
  if (path.startsWith('reward')) return 'amount'
  const top = path.split('.')[0] ?? ''
  const fields = ['title', 'description', 'tips', 'goal', 'spots', 'budget', 'startsAt', 'endsAt'] as const
  return fields.find((field) => field === top) ?? null
}

/** The contract check's body fields the form splits: their errors go to the field that shows them. */
export const missionErrorFields = { tools: 'link', reward: 'amount' } as const

/** The money fields' checks beside the contract's (`withChecks`): the euro reader's refusal, in its words. */
export const missionEuroChecks = { amount: euroCheck(), budget: euroCheck({ optional: true }) }

// The preview's stand-ins for what only a real deal knows: a streamer's name and a deal code.
const SAMPLE_USERNAME = 'your_streamer'
const SAMPLE_DEAL_CODE = 'K7P2QX'
const SAMPLE_MISSION_CODE = 'your-mission'

/** Where a viewer of a sample streamer lands: the integration link the tracking redirect builds. */
function TrackedLinkPreview({ type, link }: { type: string; link: string }) {
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

/**
 * The mission's fields on a react-hook-form form (`form`); each error is shown in the user's words by
 * `message`. The form checks the body with the contract (its resolver) and places the server's
 * refusals with `missionFieldOf`.
 */
export function MissionFieldControls({
  form,
  message,
  thumbnail,
}: {
  form: UseFormReturn<MissionValues>
  message: (key: string) => string
  /** The thumbnail picker, placed after the texts. */
  thumbnail?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const state = fieldStates(form, message)
  const [type, link, model, amount, budget, endsAt] = form.watch([
    'type',
    'link',
    'model',
    'amount',
    'budget',
    'endsAt',
  ])
  const number = (field: 'goal' | 'spots', label: string) => (
    <Field label={label} error={state(field).error}>
      {(control) => (
        <input {...control} type="number" inputMode="numeric" min={1} step={1} {...form.register(field)} />
      )}
    </Field>
  )
  // DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD.
  // The only rule of the end date the form does not check by itself: it must come after the start.
  const endError = state('endsAt').error && /^\d{4}-\d{2}-\d{2}$/.test(endsAt)
  const localized = (field: 'title' | 'description' | 'tips', label: string) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: value }) => (
        <LocalizedField
          label={label}
          value={value.value}
          onChange={value.onChange}
          errorFor={(language) =>
            state(`${field}.${language}`).error ?? (language === 'en' ? state(field).error : undefined)
          }
          multiline={field !== 'title'}
          hint={field === 'title'}
        />
      )}
    />
  )
  return (
    <>
      {localized('title', t`Title`)}
      {localized('description', t`Description`)}
      {localized('tips', t`Tips`)}
      {thumbnail}
      <Field label={t`Integration type`} error={state('type').error}>
        {(control) => (
          <select {...control} {...form.register('type')}>
            {INTEGRATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {i18n._(integrationTypeLabels[value])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={type === 'CUSTOM_CODE' ? t`Link of the code page` : t`Link template`}
        error={state('link').error}
        hint={
          type === 'CUSTOM_CODE'
            ? undefined
            : t`%username% is replaced by the streamer’s name, %mission% by the deal code where the type uses it.`
        }
      >
        {(control) => <input {...control} inputMode="url" {...form.register('link')} />}
      </Field>
      <TrackedLinkPreview type={type} link={link} />
      <Field label={t`Reward model`} error={state('model').error}>
        {(control) => (
          <select {...control} {...form.register('model')}>
            <option value="cpc">{i18n._(rewardModelLabels.cpc)}</option>
            <option value="fixed">{i18n._(rewardModelLabels.fixed)}</option>
          </select>
        )}
      </Field>
      <EuroField
        label={model === 'cpc' ? t`Reward per valid click (€)` : t`Reward per deal (€)`}
        registration={form.register('amount')}
        value={amount}
        error={state('amount').error}
        hint={(money) => (money ? t`A streamer earns ${money}.` : t`For example 0.25 or 0,25.`)}
      />
      {number('goal', t`Goal (valid clicks)`)}
      {number('spots', t`Spots`)}
      <EuroField
        label={t`Budget (€, empty: no cap)`}
        registration={form.register('budget')}
        value={budget}
        error={state('budget').error}
        hint={(money) =>
          money
            ? t`The mission stops paying at ${money}.`
            : t`Without a budget the mission pays every valid click.`
        }
      />
      <DateField control={form.control} name="startsAt" label={t`Starts on`} />
      <DateField
        control={form.control}
        name="endsAt"
        label={t`Ends on`}
        error={endError ? t`Choose an end date after the start date.` : undefined}
      />
    </>
  )
}
