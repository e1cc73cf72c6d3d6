import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import {
  ImageField,
  MissionFieldControls,
  missionBody,
  missionValues,
} from '#client/features/deals/admin-kit.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandMission } from '#shared/contract/brand.ts'
import { createMission, payloadForm, updateMission } from '../mutations'
import { brandQueries } from '../queries'
import { BrandCrumbs } from './brand-crumbs'
import { GeneralError, useBrandForm } from './form-parts'
import './brand.css'

/**
 * A brand's mission form, new or a draft's (on the draft's page): every field of a mission (the admin form's fields,
 * shared) but its provider and status. What it saves is a draft, which an administrator publishes.
 */
function MissionForm({ slug, mission }: { slug: string; mission: BrandMission | null }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState(() => missionValues(mission))
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    const form = payloadForm(missionBody(values), { thumbnail })
    const saved = mission
      ? await updateMission(queryClient, slug, mission.code, form)
      : await createMission(queryClient, slug, form)
    void notify('success', t`Draft saved. An administrator publishes it after a check.`)
    await navigate({ to: '/dashboard/provider/$slug/missions/$code', params: { slug, code: saved.code } })
  })
  return (
    <form className="form brand-form" onSubmit={submit} aria-label={t`Mission`}>
      <GeneralError message={errors.general} />
      <MissionFieldControls
        values={values}
        onChange={setValues}
        errorFor={errors.errorFor}
        thumbnail={
          <ImageField
            label={<Trans>Thumbnail (image, 16:9)</Trans>}
            onFile={setThumbnail}
            error={errors.errorFor('thumbnail')}
          />
        }
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Save the draft</Trans>
        </button>
      </div>
    </form>
  )
}

export function NewMissionPage({ slug }: { slug: string }) {
  const { t } = useLingui()
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  return (
    <section className="brand-page">
      <BrandCrumbs slug={slug} name={provider.name} current={t`New mission`} />
      <h1>
        <Trans>New mission</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Describe the mission in every language you can, set its reward and budget, and check where viewers
          land. It is saved as a draft: an administrator publishes it.
        </Trans>
      </p>
      <MissionForm slug={slug} mission={null} />
    </section>
  )
}

/** A draft's fields, editable on its page until an administrator publishes it. */
export function DraftEditor({ slug, code }: { slug: string; code: string }) {
  const { data: missions } = useSuspenseQuery(brandQueries.missions(slug))
  const mission = missions.items.find((item) => item.code === code)
  if (mission?.status !== 'draft') return null
  return (
    <section className="brand-section" aria-labelledby="brand-draft-title">
      <h2 id="brand-draft-title">
        <Trans>Edit the draft</Trans>
      </h2>
      <MissionForm slug={slug} mission={mission} />
    </section>
  )
}
