import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { DateField } from '#client/components/ui/date-field.tsx'
import { EuroField, euroRule } from '#client/components/ui/euro-field.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { LocalizedField, refusedSave } from '#client/features/deals/admin-kit.ts'
import { rewardModelLabels } from '#client/features/deals/labels.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { notify } from '#client/lib/toast.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { brandIntegrationKinds } from '#shared/brand-link-kinds.ts'
import type { BrandMission } from '#shared/contract/brand.ts'
import { brandRefusal, missionFieldMessage } from '../messages'
import { createMission, payloadForm, updateMission } from '../mutations'
import { brandQueries } from '../queries'
import { GeneralError } from './form-parts'
import { LinkFields } from './link-fields'
import {
  type BrandMissionValues,
  brandMissionBody,
  brandMissionValues,
  fieldOfPath,
} from './mission-form-values'
import { ThumbnailField } from './thumbnail-field'
import './brand-self-service.css'

/**
 * A brand's mission form, new or a draft's: texts in every language, the thumbnail (shown once saved),
 * the link built from its parts with a live example, money in euros. Checked in the browser in the
 * user's words (no browser bubbles), and by the server, whose refusals land on the same fields.
 */
export function BrandMissionForm({ slug, mission }: { slug: string; mission: BrandMission | null }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: missions } = useSuspenseQuery(brandQueries.missions(slug))
  const kinds = useMemo(
    () => brandIntegrationKinds(missions.items.map((item) => item.tools.type)),
    [missions],
  )
  const form = useForm<BrandMissionValues>({
    defaultValues: brandMissionValues(mission, kinds),
    shouldFocusError: false,
  })
  const { errors, isSubmitting } = form.formState
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const required = validationMessage(i18n, 'validation.required')
  const message = (error: { message?: string } | undefined) => error?.message
  const localizedError = (field: 'title' | 'description' | 'tips') => (language: string) =>
    language === 'en' ? message((errors as FieldErrors)[field] as { message?: string }) : undefined

  const submit = form.handleSubmit(
    async (values) => {
      setGeneral(null)
      try {
        const body = payloadForm(brandMissionBody(values), { thumbnail })
        const saved = mission
          ? await updateMission(queryClient, slug, mission.code, body)
          : await createMission(queryClient, slug, body)
        void notify('success', t`Draft saved. An administrator publishes it after a check.`)
        setThumbnail(null)
        await navigate({ to: '/dashboard/provider/$slug/missions/$code', params: { slug, code: saved.code } })
      } catch (error) {
        const refused = refusedSave(error)
        let placed = false
        for (const [path, key] of refused.fields) {
          const field = fieldOfPath(path)
          if (field && !form.getFieldState(field).error) {
            form.setError(field, { type: 'server', message: missionFieldMessage(i18n, key) })
            placed = true
          }
        }
        if (!placed) setGeneral(brandRefusal(i18n, error))
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )

  const number = (name: 'goal' | 'spots', label: string) => (
    <Field label={label} error={message(errors[name])}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          {...form.register(name, {
            validate: (text) =>
              /^\d+$/.test(text.trim()) && Number(text) >= 1
                ? true
                : validationMessage(i18n, 'validation.integer'),
          })}
        />
      )}
    </Field>
  )
  const localized = (name: 'title' | 'description' | 'tips', label: string, isRequired: boolean) => (
    <Controller
      control={form.control}
      name={name}
      rules={{ validate: (value) => !isRequired || value.en.trim() !== '' || required }}
      render={({ field }) => (
        <LocalizedField
          label={label}
          value={field.value}
          onChange={field.onChange}
          errorFor={localizedError(name)}
          multiline={name !== 'title'}
          hint={name === 'title'}
        />
      )}
    />
  )
  const dateRules = (name: 'startsAt' | 'endsAt') => ({
    validate: (value: string) => {
      if (name === 'startsAt' && !value) return required
      if (name === 'endsAt' && value && value < form.getValues('startsAt'))
        return t`Choose an end date after the start date.`
      return true
    },
  })

  return (
    <form ref={box} className="form brand-form" onSubmit={submit} noValidate aria-label={t`Mission`}>
      <GeneralError message={general} />
      {localized('title', t`Title`, true)}
      {localized('description', t`Description`, true)}
      {localized('tips', t`Tips`, false)}
      <ThumbnailField current={mission?.thumbnail ?? null} file={thumbnail} onFile={setThumbnail} />
      <LinkFields form={form} kinds={kinds} />
      <Field label={t`Reward model`} error={message(errors.model)}>
        {(control) => (
          <select {...control} {...form.register('model')}>
            <option value="cpc">{i18n._(rewardModelLabels.cpc)}</option>
            <option value="fixed">{i18n._(rewardModelLabels.fixed)}</option>
          </select>
        )}
      </Field>
      <EuroField
        label={form.watch('model') === 'cpc' ? t`Reward per valid click (€)` : t`Reward per deal (€)`}
        registration={form.register('reward', { validate: euroRule(i18n) })}
        value={form.watch('reward')}
        error={message(errors.reward)}
        hint={(money) => (money ? t`A streamer earns ${money}.` : t`For example 0.25 or 0,25.`)}
      />
      {number('goal', t`Goal (valid clicks)`)}
      {number('spots', t`Spots`)}
      <EuroField
        label={t`Budget (€, empty: no cap)`}
        registration={form.register('budget', { validate: euroRule(i18n, { optional: true }) })}
        value={form.watch('budget')}
        error={message(errors.budget)}
        hint={(money) =>
          money
            ? t`The mission stops paying at ${money}.`
            : t`Without a budget the mission pays every valid click.`
        }
      />
      <DateField control={form.control} name="startsAt" label={t`Starts on`} rules={dateRules('startsAt')} />
      <DateField control={form.control} name="endsAt" label={t`Ends on`} rules={dateRules('endsAt')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
          <Trans>Save the draft</Trans>
        </button>
      </div>
    </form>
  )
}
