import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { widgetThemeLabels } from '#client/features/deals/labels.ts'
import { bodyResolver, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandProvider, BrandProviderUpdateBody } from '#shared/contract/brand.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { payloadForm, updateProvider } from '../mutations'
import { GeneralError, useBrandSubmit } from './form-parts'
import {
  type BrandProviderValues,
  brandProviderValues,
  ProviderFields,
  profileBody,
  providerFieldOf,
} from './provider-fields'
import { WidgetThemePreview } from './widget-theme-preview'

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const resolver = bodyResolver<BrandProviderValues, BrandProviderUpdateBody>(
  lazyArkResolver(() =>
    import('#shared/contract/brand.ts').then((contract) => contract.BrandProviderUpdateBody),
  ),
  profileBody,
)

/** The brand's profile as its owner edits it: name, logo, description in every language, widget theme. */
export function ProfileForm({ provider }: { provider: BrandProvider }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<BrandProviderValues>({
    defaultValues: brandProviderValues(provider),
    resolver,
    shouldFocusError: false,
  })
  const { submit, general, box, state, pending } = useBrandSubmit(
    form,
    async (values) => {
      await updateProvider(
        queryClient,
        provider.slug,
        payloadForm(profileBody(values), { logo: values.logo }),
      )
      void notify('success', t`Profile saved`)
    },
    providerFieldOf,
  )
  const [name, theme] = form.watch(['name', 'theme'])
  return (
    <form ref={box} className="form brand-form" onSubmit={submit} noValidate aria-label={t`Brand profile`}>
      <GeneralError message={general} />
      <ProviderFields form={form} state={state} newLogo={provider.logo !== null} />
      <Field label={t`Widget theme`} error={state('theme').error}>
        {(control) => (
          <select {...control} {...form.register('theme')}>
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
