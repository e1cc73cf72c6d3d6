import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { type UseFormReturn, useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { ImageField } from '#client/components/ui/image-field.tsx'
import { ManualTopUpForm } from '#client/features/brand/admin-kit.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { bodyResolver, lazyArkResolver, withChecks } from '#client/lib/forms/form-errors.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminMission, MissionBody } from '#shared/contract/admin.ts'
import { formatMoney } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { missionStatusLabels, rewardModelLabels } from '../labels'
import { missionQueries } from '../queries'
import { adminFieldMessage, placeRefusal } from './admin-form-errors'
import { ErrorLines, FormActions } from './admin-form-parts'
import { adminDealQueries } from './admin-queries'
import { saveAdminMission } from './api'
import { inLanguage } from './localized-field'
import {
  MissionFieldControls,
  type MissionValues,
  missionBody,
  missionErrorFields,
  missionEuroChecks,
  missionFieldOf,
  missionValues,
} from './mission-fields'
import '../components/deals.css'

/** Words for the mission status and reward model, instead of their raw values. */
function useMissionLabels() {
  const { i18n } = useLingui()
  return {
    status: (status: AdminMission['status']) => i18n._(missionStatusLabels[status]),
    model: (model: AdminMission['reward']['model']) => i18n._(rewardModelLabels[model]),
  }
}

interface AdminMissionValues extends MissionValues {
  providerId: string
  status: AdminMission['status']
}

const STATUSES = ['draft', 'published', 'paused', 'closed'] as const

const adminMissionBody = (values: AdminMissionValues) => ({
  providerId: values.providerId,
  ...missionBody(values),
  status: values.status,
})

// The contract's body checks the form before it is sent (arktype loads on the first submit); the
// money fields are read in euros first, and the body carries their cents.
const resolver = withChecks(
  bodyResolver<AdminMissionValues, MissionBody>(
    lazyArkResolver(() => import('#shared/contract/admin.ts').then((contract) => contract.MissionBody)),
    adminMissionBody,
    missionErrorFields,
  ),
  missionEuroChecks,
)

function MissionForm({ mission, onDone }: { mission: AdminMission | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const labels = useMissionLabels()
  const queryClient = useQueryClient()
  const providers = useQuery(adminDealQueries.providers()).data?.items ?? []
  const form = useForm<AdminMissionValues>({
    defaultValues: {
      ...missionValues(mission),
      providerId: mission?.providerId ?? providers[0]?.id ?? '',
      status: mission?.status ?? 'draft',
    },
    resolver,
    shouldFocusError: false,
  })
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const message = (key: string) => adminFieldMessage(i18n, key)
  const state = fieldStates(form, message)
  const select = (
    field: 'providerId' | 'status',
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <Field label={label} error={state(field).error}>
      {(control) => (
        <select {...control} {...form.register(field)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
  const submit = form.handleSubmit(
    async (values) => {
      setGeneral(null)
      const body = new FormData()
      body.set('payload', JSON.stringify(adminMissionBody(values)))
      if (thumbnail) body.set('thumbnail', thumbnail)
      try {
        await saveAdminMission(mission?.code ?? null, body)
        void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
        void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
        void notify('success', t`Mission saved`)
        onDone()
      } catch (error) {
        setGeneral(
          placeRefusal(form, error, {
            general: () => t`The mission could not be saved. Try again.`,
            field: (path) =>
              path === 'providerId' || path === 'status' || path === 'code' ? null : missionFieldOf(path),
          }),
        )
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  return (
    <form ref={box} className="form admin-form" onSubmit={submit} noValidate>
      <h3>{mission ? t`Mission ${mission.code}` : t`New mission`}</h3>
      <ErrorLines lines={general ? [general] : []} />
      {select(
        'providerId',
        t`Provider`,
        providers.map((provider) => ({ value: provider.id, label: provider.name })),
      )}
      {/* The shared fields edit the mission part of these values (the admin adds provider and status). */}
      <MissionFieldControls form={form as unknown as UseFormReturn<MissionValues>} message={message} />
      {select(
        'status',
        t`Status`,
        STATUSES.map((value) => ({ value, label: labels.status(value) })),
      )}
      <ImageField label={<Trans>Thumbnail (image)</Trans>} onFile={setThumbnail} />
      <FormActions onCancel={onDone} pending={form.formState.isSubmitting} />
    </form>
  )
}

/** Admin tab: every mission (drafts included) with a form to create or edit one. */
export function MissionsTab() {
  const { t, i18n } = useLingui()
  const { data, isPending } = useQuery(adminDealQueries.missions())
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null)
  const [toppingUp, setToppingUp] = useState<string | null>(null)
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
                {mission.providerName} · {labels.status(mission.status)} ·{' '}
                {formatMoney(mission.reward.amount)} ({labels.model(mission.reward.model)}) ·{' '}
                <Trans>
                  {mission.deals} of {mission.spots} spots taken
                </Trans>{' '}
                · {formatDate(mission.startsAt)}
                {mission.budget !== null ? <> · {t`budget ${formatMoney(mission.budget)}`}</> : null}
              </span>
            </span>
            <span className="admin-actions">
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setToppingUp(toppingUp === mission.code ? null : mission.code)}
                aria-expanded={toppingUp === mission.code}
              >
                <Trans>Manual top-up</Trans>
              </button>
              <button type="button" className="button button-ghost" onClick={() => setEditing(mission)}>
                <Trans>Edit</Trans>
              </button>
            </span>
            {toppingUp === mission.code ? (
              <ManualTopUpForm
                code={mission.code}
                title={inLanguage(mission.title, i18n.locale)}
                onDone={() => setToppingUp(null)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
