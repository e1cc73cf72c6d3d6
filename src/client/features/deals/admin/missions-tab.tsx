import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { DateInput } from '#client/components/ui/date-input.tsx'
import { api } from '#client/lib/http.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminMission } from '#shared/contract/admin.ts'
import { INTEGRATION_TYPES } from '#shared/deal-values.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { integrationTypeLabels } from '../labels'
import { missionQueries } from '../queries'
import { ErrorLines, FormActions, ImageField } from './admin-form-parts'
import { adminDealQueries, errorLines } from './admin-queries'
import '../components/deals.css'

/** Words for the mission status and reward model, instead of their raw values. */
function useMissionLabels() {
  const { t } = useLingui()
  const status: Record<AdminMission['status'], string> = {
    draft: t`Draft`,
    published: t`Published`,
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
  titleEn: string
  titleFr: string
  titleEs: string
  description: string
  tips: string
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
    titleEn: mission?.title.en ?? '',
    titleFr: mission?.title.fr ?? '',
    titleEs: mission?.title.es ?? '',
    description: mission?.description.en ?? '',
    tips: mission?.tips.en ?? '',
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

function bodyOf(values: MissionFields, mission: AdminMission | null) {
  const parameter = values.type === 'CUSTOM_CODE' ? 'ABSOLUTE_LINK' : 'URL'
  const optional = (text: string) => (text.trim() ? text : undefined)
  return {
    providerId: values.providerId,
    title: { en: values.titleEn, fr: optional(values.titleFr), es: optional(values.titleEs) },
    description: { ...mission?.description, en: values.description },
    tips: { ...mission?.tips, en: values.tips },
    tools: { type: values.type, parameters: { [parameter]: values.link } },
    reward: { model: values.model, amount: Number(values.amount) },
    goal: Number(values.goal),
    spots: Number(values.spots),
    budget: values.budget ? Number(values.budget) : null,
    startsAt: new Date(`${values.startsAt}T00:00:00Z`).toISOString(),
    endsAt: values.endsAt ? new Date(`${values.endsAt}T23:59:59Z`).toISOString() : null,
    status: values.status,
  }
}

function MissionForm({ mission, onDone }: { mission: AdminMission | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const labels = useMissionLabels()
  const queryClient = useQueryClient()
  const providers = useQuery(adminDealQueries.providers()).data?.items ?? []
  const [values, setValues] = useState(() => fieldsOf(mission, providers[0]?.id ?? ''))
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const formId = useId()
  const input = (field: keyof MissionFields, label: string, props: Record<string, unknown> = {}) => (
    <label className="field">
      {label}
      <input
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        {...props}
      />
    </label>
  )
  // DD/MM/YYYY whatever the browser's language (SPEC §9), kept as YYYY-MM-DD.
  const dayInput = (field: 'startsAt' | 'endsAt', label: string, required = false) => (
    <label className="field" htmlFor={`${formId}-${field}`}>
      {label}
      <DateInput
        id={`${formId}-${field}`}
        value={values[field]}
        onChange={(day) => setValues({ ...values, [field]: day })}
        required={required}
      />
    </label>
  )
  const select = (
    field: keyof MissionFields,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <label className="field">
      {label}
      <select
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const form = new FormData()
    form.set('payload', JSON.stringify(bodyOf(values, mission)))
    if (thumbnail) form.set('thumbnail', thumbnail)
    try {
      if (mission) await api('adminMissionUpdate', { params: { code: mission.code }, body: form })
      else await api('adminMissionCreate', { body: form })
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
      void notify('success', t`Mission saved`)
      onDone()
    } catch (error) {
      setErrors(errorLines(error))
    }
  }
  return (
    <form className="form admin-form" onSubmit={submit}>
      <h3>{mission ? t`Mission ${mission.code}` : t`New mission`}</h3>
      <ErrorLines lines={errors} />
      {select(
        'providerId',
        t`Provider`,
        providers.map((provider) => ({ value: provider.id, label: provider.name })),
      )}
      {input('titleEn', t`Title (English)`, { required: true })}
      {input('titleFr', t`Title (French)`)}
      {input('titleEs', t`Title (Spanish)`)}
      {input('description', t`Description (English)`, { required: true })}
      {input('tips', t`Tips (English)`)}
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
              <strong>{mission.title.en}</strong>{' '}
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
