import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { ErrorLines, ImageField } from '#client/features/deals/admin/admin-form-parts.tsx'
import {
  emptyLocalized,
  LocalizedField,
  localizedBody,
} from '#client/features/deals/admin/localized-field.tsx'
import type { BrandProvider } from '#shared/contract/brand.ts'
import { useBrandFormErrors } from '../messages'
import { applyForProvider, payloadForm } from '../mutations'
import './brand.css'

/** The spec's new provider: a brand applies (name, description, logo) and waits for an admin's approval. */
export function ApplyPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [description, setDescription] = useState(emptyLocalized)
  const [logo, setLogo] = useState<File | null>(null)
  const [pending, setPending] = useState(false)
  const [applied, setApplied] = useState<BrandProvider | null>(null)
  const errors = useBrandFormErrors()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    errors.clear()
    try {
      const body = { name, description: localizedBody(description) }
      setApplied(await applyForProvider(queryClient, payloadForm(body, { logo })))
    } catch (error) {
      errors.fail(error)
    } finally {
      setPending(false)
    }
  }

  if (applied) {
    return (
      <section className="brand-page">
        <h1>
          <Trans>Application sent</Trans>
        </h1>
        <div className="brand-notice" role="status">
          <p>
            <Trans>
              Thank you. {applied.name} is waiting for an administrator's approval. You can already prepare
              its profile; drafting missions opens once the brand is approved.
            </Trans>
          </p>
          <Link to="/dashboard/provider/$slug" params={{ slug: applied.slug }} className="button">
            <Trans>Open {applied.name}</Trans>
          </Link>
        </div>
      </section>
    )
  }
  return (
    <section className="brand-page">
      <h1>
        <Trans>Apply for a new brand</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Tell streamers who you are. An administrator checks every new brand before its missions are shown.
        </Trans>
      </p>
      <form className="form brand-form" onSubmit={submit} aria-label={t`Apply for a new brand`}>
        <ErrorLines lines={errors.general ? [errors.general] : []} />
        <Field label={t`Brand name`} error={errors.errorFor('name') ?? errors.errorFor('slug')}>
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
        <ImageField label={<Trans>Logo (image)</Trans>} onFile={setLogo} error={errors.errorFor('logo')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            <Trans>Send the application</Trans>
          </button>
        </div>
      </form>
    </section>
  )
}
