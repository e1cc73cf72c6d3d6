import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '#client/components/ui/field.tsx'
import { ImageField, LocalizedField, type LocalizedValue } from '#client/features/deals/admin-kit.ts'

/** A brand's name, description in every language and logo: the apply form's and the profile's fields. */
export function ProviderFields({
  name,
  onName,
  description,
  onDescription,
  onLogo,
  errorFor,
  newLogo = false,
}: {
  name: string
  onName: (name: string) => void
  description: LocalizedValue
  onDescription: (description: LocalizedValue) => void
  onLogo: (file: File | null) => void
  errorFor: (path: string) => string | undefined
  /** The brand has a logo already: the picker replaces it. */
  newLogo?: boolean
}) {
  const { t } = useLingui()
  return (
    <>
      {/* The slug is made from the name: a taken one is the name's problem for the member. */}
      <Field label={t`Brand name`} error={errorFor('name') ?? errorFor('slug')}>
        {(control) => (
          <input {...control} value={name} onChange={(event) => onName(event.target.value)} required />
        )}
      </Field>
      <LocalizedField
        label={t`Description`}
        value={description}
        onChange={onDescription}
        errorFor={(language) =>
          errorFor(`description.${language}`) ?? (language === 'en' ? errorFor('description') : undefined)
        }
        multiline
      />
      <ImageField
        label={newLogo ? <Trans>New logo (image)</Trans> : <Trans>Logo (image)</Trans>}
        onFile={onLogo}
        error={errorFor('logo')}
      />
    </>
  )
}
