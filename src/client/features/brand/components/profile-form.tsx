import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { ErrorLines, ImageField } from '#client/features/deals/admin/admin-form-parts.tsx'
import {
  LocalizedField,
  localizedBody,
  localizedValue,
} from '#client/features/deals/admin/localized-field.tsx'
import { widgetThemeLabels } from '#client/features/deals/labels.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandProvider } from '#shared/contract/brand.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { useBrandFormErrors } from '../messages'
import { payloadForm, updateProvider } from '../mutations'
import { WidgetThemePreview } from './widget-theme-preview'

/** The brand's profile as its owner edits it: name, logo, description in every language, widget theme. */
export function ProfileForm({ provider }: { provider: BrandProvider }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [name, setName] = useState(provider.name)
  const [description, setDescription] = useState(() => localizedValue(provider.description))
  const [theme, setTheme] = useState<WidgetTheme>(provider.theme)
  const [logo, setLogo] = useState<File | null>(null)
  const [pending, setPending] = useState(false)
  const errors = useBrandFormErrors()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    errors.clear()
    try {
      const body = { name, description: localizedBody(description), theme }
      await updateProvider(queryClient, provider.slug, payloadForm(body, { logo }))
      void notify('success', t`Profile saved`)
    } catch (error) {
      errors.fail(error)
    } finally {
      setPending(false)
    }
  }
  return (
    <form className="form brand-form" onSubmit={submit} aria-label={t`Brand profile`}>
      <ErrorLines lines={errors.general ? [errors.general] : []} />
      <Field label={t`Brand name`} error={errors.errorFor('name')}>
        {(control) => (
          <input {...control} value={name} onChange={(event) => setName(event.target.value)} required />
        )}
      </Field>
      <LocalizedField
        label={t`Description`}
        value={description}
        onChange={setDescription}
        errorFor={(language) =>
          errors.errorFor(`description.${language}`) ??
          (language === 'en' ? errors.errorFor('description') : undefined)
        }
        multiline
      />
      <ImageField label={<Trans>New logo (image)</Trans>} onFile={setLogo} error={errors.errorFor('logo')} />
      <Field label={t`Widget theme`} error={errors.errorFor('theme')}>
        {(control) => (
          <select
            {...control}
            value={theme}
            onChange={(event) => setTheme(event.target.value as WidgetTheme)}
          >
            {WIDGET_THEMES.map((value) => (
              <option key={value} value={value}>
                {i18n._(widgetThemeLabels[value])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <WidgetThemePreview name={name} theme={theme} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Save the profile</Trans>
        </button>
      </div>
    </form>
  )
}
