import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { localizedBody, localizedValue } from '#client/features/deals/admin-kit.ts'
import { widgetThemeLabels } from '#client/features/deals/labels.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandProvider } from '#shared/contract/brand.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { payloadForm, updateProvider } from '../mutations'
import { GeneralError, useBrandForm } from './form-parts'
import { ProviderFields } from './provider-fields'
import { WidgetThemePreview } from './widget-theme-preview'

/** The brand's profile as its owner edits it: name, logo, description in every language, widget theme. */
export function ProfileForm({ provider }: { provider: BrandProvider }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [name, setName] = useState(provider.name)
  const [description, setDescription] = useState(() => localizedValue(provider.description))
  const [theme, setTheme] = useState<WidgetTheme>(provider.theme)
  const [logo, setLogo] = useState<File | null>(null)
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    const body = { name, description: localizedBody(description), theme }
    await updateProvider(queryClient, provider.slug, payloadForm(body, { logo }))
    void notify('success', t`Profile saved`)
  })
  return (
    <form className="form brand-form" onSubmit={submit} aria-label={t`Brand profile`}>
      <GeneralError message={errors.general} />
      <ProviderFields
        name={name}
        onName={setName}
        description={description}
        onDescription={setDescription}
        onLogo={setLogo}
        errorFor={errors.errorFor}
        newLogo={provider.logo !== null}
      />
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
