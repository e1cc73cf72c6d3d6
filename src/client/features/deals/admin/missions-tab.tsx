import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { DateInput } from '#client/components/ui/date-input.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { api } from '#client/lib/http.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminMission } from '#shared/contract/admin.ts'
import { INTEGRATION_TYPES } from '#shared/deal-values.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { integrationTypeLabels } from '../labels'
import { missionQueries } from '../queries'
import { useAdminFormErrors } from './admin-form-errors'
import { ErrorLines, FormActions, ImageField } from './admin-form-parts'
import { adminDealQueries } from './admin-queries'
import {
  emptyLocalized,
  inLanguage,
  LocalizedField,
  type LocalizedValue,
  localizedBody,
  localizedValue,
} from './localized-field'
import '../components/deals.css'

/** Words for the mission status and reward model, instead of their raw values. */
function useMissionLabels() {
  const { t } = useLingui()
  const status: Record<AdminMission['status'], string> = {
    draft: t`Draft`,
    published: t`Published`,
    paused: t`Paused`,
    closed: t`Closed`,
  }
  const model: Record<AdminMission['reward']['model'], string> = {
    cpc: t`Per valid click`,
    fixed: t`Fixed, at the goal`,
  }
  return { status, model }
}

interface MissionFields {
  providerId: string
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
  status: AdminMission['status']
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

function fieldsOf(mission: AdminMission | null, providerId: string): MissionFields {
  return {
    providerId: mission?.providerId ?? providerId,
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
    status: mission?.status ?? 'draft',
  }
}

/** The link's parameter name for an integration type: custom codes take an absolute link. */
const linkParameter = (type: string) => (type === 'CUSTOM_CODE' ? 'ABSOLUTE_LINK' : 'URL')

function bodyOf(values: MissionFields) {
  return {
    providerId: values.providerId,
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
    status: values.status,
  }
}

type TextField = 'providerId' | 'type' | 'link' | 'model' | 'amount' | 'goal' | 'spots' | 'budget' | 'status'

/** Where the server reports each form field's error in the mission body. */
const errorPaths = (values: MissionFields): Record<TextField | 'startsAt' | 'endsAt', string> => ({
  providerId: 'providerId',
  type: 'tools.type',
  link: `tools.parameters.${linkParameter(values.type)}`,
  model: 'reward.model',
  amount: 'reward.amount',
  goal: 'goal',
  spots: 'spots',
  budget: 'budget',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  status: 'status',
})

function MissionForm({ mission, onDone }: { mission: AdminMission | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const labels = useMissionLabels()
  const queryClient = useQueryClient()
  const providers = useQuery(adminDealQueries.providers()).data?.items ?? []
  const [values, setValues] = useState(() => fieldsOf(mission, providers[0]?.id ?? ''))
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const errors = useAdminFormErrors()
  const paths = errorPaths(values)
  const input = (field: TextField, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={errors.errorFor(paths[field])}>
      {(control) => (
        <input
          {...control}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          {...props}
        />
      )}
    </Field>
  )
  // DD/MM/YYYY whatever the browser's language (SPEC §9), kept as YYYY-MM-DD.
  const dayInput = (field: 'startsAt' | 'endsAt', label: string, required = false) => (
    <Field label={label} error={errors.errorFor(paths[field])}>
      {(control) => (
        <DateInput
          id={control.id}
          value={values[field]}
          onChange={(day) => setValues({ ...values, [field]: day })}
          required={required}
        />
      )}
    </Field>
  )
  const select = (field: TextField, label: string, options: readonly { value: string; label: string }[]) => (
    <Field label={label} error={errors.errorFor(paths[field])}>
      {(control) => (
        <select
          {...control}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
  const localized = (field: 'title' | 'description' | 'tips', label: string, required = false) => (
    <LocalizedField
      label={label}
      value={values[field]}
      onChange={(text) => setValues({ ...values, [field]: text })}
      errorFor={(language) =>
        errors.errorFor(`${field}.${language}`) ?? (language === 'en' ? errors.errorFor(field) : undefined)
      }
      required={required}
      multiline={field !== 'title'}
      hint={field === 'title'}
    />
  )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const form = new FormData()
    form.set('payload', JSON.stringify(bodyOf(values)))
    if (thumbnail) form.set('thumbnail', thumbnail)
    try {
      if (mission) await api('adminMissionUpdate', { params: { code: mission.code }, body: form })
      else await api('adminMissionCreate', { body: form })
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
      void notify('success', t`Mission saved`)
      onDone()
    } catch (error) {
      errors.fail(error)
    }
  }
  return (
    <form className="form admin-form" onSubmit={submit}>
      <h3>{mission ? t`Mission ${mission.code}` : t`New mission`}</h3>
      <ErrorLines lines={errors.refused?.message ? [errors.refused.message] : []} />
      {select(
        'providerId',
        t`Provider`,
        providers.map((provider) => ({ value: provider.id, label: provider.name })),
      )}
      {localized('title', t`Title`, true)}
      {localized('description', t`Description`, true)}
      {localized('tips', t`Tips`)}
      {select(
        'type',
        t`Integration type`,
        INTEGRATION_TYPES.map((value) => ({ value, label: i18n._(integrationTypeLabels[value]) })),
      )}
      {input('link', t`Link template (URL or absolute link)`)}
      {select('model', t`Reward model`, [
        { value: 'cpc', label: labels.model.cpc },
        { value: 'fixed', label: labels.model.fixed },
      ])}
      {input('amount', t`Reward in cents`, { type: 'number', min: 1, required: true })}
      {input('goal', t`Goal (valid clicks)`, { type: 'number', min: 1, required: true })}
      {input('spots', t`Spots`, { type: 'number', min: 1, required: true })}
      {input('budget', t`Budget in cents (empty: no cap)`, { type: 'number', min: 1 })}
      {dayInput('startsAt', t`Starts on`, true)}
      {dayInput('endsAt', t`Ends on`)}
      {select(
        'status',
        t`Status`,
        (['draft', 'published', 'closed'] as const).map((value) => ({ value, label: labels.status[value] })),
      )}
      <ImageField label={<Trans>Thumbnail (image)</Trans>} onFile={setThumbnail} />
      <FormActions onCancel={onDone} />
    </form>
  )
}

/** Admin tab: every mission (drafts included) with a form to create or edit one. */
export function MissionsTab() {
  const { i18n } = useLingui()
  const { data, isPending } = useQuery(adminDealQueries.missions())
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null)
  const labels = useMissionLabels()
  if (editing)
    return <MissionForm mission={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
  return (
    <section>
      <p>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          <Trans>New mission</Trans>
        </button>
      </p>
      {isPending ? <p className="muted">…</p> : null}
      <ul className="admin-list">
        {data?.items.map((mission) => (
          <li key={mission.code}>
            <img src={mediaUrl(mission.thumbnail)} alt="" width={64} height={36} loading="lazy" />
            <span className="admin-list-text">
              <strong>{inLanguage(mission.title, i18n.locale)}</strong>{' '}
              <span className="muted">
                {mission.providerName} · {labels.status[mission.status]} ·{' '}
                {formatMoney(mission.reward.amount)} ({labels.model[mission.reward.model]}) · {mission.deals}/
                {mission.spots} · {formatDate(mission.startsAt)}
              </span>
            </span>
            <button type="button" className="button button-ghost" onClick={() => setEditing(mission)}>
              <Trans>Edit</Trans>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
