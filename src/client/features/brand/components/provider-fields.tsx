import { Trans, useLingui } from '@lingui/react/macro'
import { Controller, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { ImageField } from '#client/components/ui/image-field.tsx'
import {
  emptyLocalized,
  LocalizedField,
  type LocalizedValue,
  localizedBody,
  localizedValue,
} from '#client/features/deals/admin-kit.ts'
import type { FieldState } from '#client/lib/forms/field-states.ts'
import type { BrandProvider } from '#shared/contract/brand.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'

/** A brand's profile as its forms hold it; the apply form shows no theme (the brand starts with the default). */
export interface BrandProviderValues {
  name: string
  description: LocalizedValue
  theme: WidgetTheme
  /** A new logo picked; none keeps the current one. */
  logo: File | null
}

export function brandProviderValues(provider: BrandProvider | null): BrandProviderValues {
  return {
    name: provider?.name ?? '',
    description: provider ? localizedValue(provider.description) : emptyLocalized(),
    theme: provider?.theme ?? 'default',
    logo: null,
  }
}

/** The JSON part of the apply body (the logo travels beside it as a file). */
export const applyBody = (values: BrandProviderValues) => ({
  name: values.name,
  description: localizedBody(values.description),
})

/** The JSON part of the profile body. */
export const profileBody = (values: BrandProviderValues) => ({ ...applyBody(values), theme: values.theme })

/**
 * The field a path of a refused body names: a translation its language; the slug is made from the
 * name, so a taken one is the name's problem for the member.
 */
export function providerFieldOf(path: string): FieldPath<BrandProviderValues> | null {
  if (/^description\.(en|fr|es)$/.test(path)) return path as FieldPath<BrandProviderValues>
  const top = path.split('.')[0]
  if (top === 'slug' || top === 'name') return 'name'
  return top === 'description' || top === 'theme' || top === 'logo' ? top : null
}

/** A brand's name, description in every language and logo: the apply form's and the profile's fields. */
export function ProviderFields({
  form,
  state,
  newLogo = false,
}: {
  form: UseFormReturn<BrandProviderValues>
  /** Each field's error in the member's words (the form's `fieldStates`). */
  state: (name: FieldPath<BrandProviderValues>) => FieldState
  /** The brand has a logo already: the picker replaces it. */
  newLogo?: boolean
}) {
  const { t } = useLingui()
  const description = state('description').error
  return (
    <>
      <Field label={t`Brand name`} error={state('name').error}>
        {(control) => <input {...control} {...form.register('name')} />}
      </Field>
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <LocalizedField
            label={t`Description`}
            value={field.value}
            onChange={field.onChange}
            errorFor={(language) =>
              state(`description.${language}`).error ?? (language === 'en' ? description : undefined)
            }
            multiline
          />
        )}
      />
      <Controller
        control={form.control}
        name="logo"
        render={({ field }) => (
          <ImageField
            label={newLogo ? <Trans>New logo (image)</Trans> : <Trans>Logo (image)</Trans>}
            onFile={field.onChange}
            error={state('logo').error}
          />
        )}
      />
    </>
  )
}
