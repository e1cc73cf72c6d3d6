import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { emptyLocalized, localizedBody } from '#client/features/deals/admin-kit.ts'
import type { BrandProvider } from '#shared/contract/brand.ts'
import { applyForProvider, payloadForm } from '../mutations'
import { GeneralError, useBrandForm } from './form-parts'
import { ProviderFields } from './provider-fields'
import './brand.css'

/** The new provider page: a brand applies (name, description, logo) and waits for an admin's approval. */
export function ApplyPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [description, setDescription] = useState(emptyLocalized)
  const [logo, setLogo] = useState<File | null>(null)
  const [applied, setApplied] = useState<BrandProvider | null>(null)
  const { errors, pending, submitWith } = useBrandForm()
  const submit = submitWith(async () => {
    const body = { name, description: localizedBody(description) }
    setApplied(await applyForProvider(queryClient, payloadForm(body, { logo })))
  })

  if (applied) {
    return (
      <section className="brand-page">
        <h1>
          <Trans>Application sent</Trans>
        </h1>
        <div className="brand-notice" role="status">
          <p>
            <Trans>
              Thank you. {applied.name} is waiting for an administrator’s approval. You can already prepare
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
        <GeneralError message={errors.general} />
        <ProviderFields
          name={name}
          onName={setName}
          description={description}
          onDescription={setDescription}
          onLogo={setLogo}
          errorFor={errors.errorFor}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            <Trans>Send the application</Trans>
          </button>
        </div>
      </form>
    </section>
  )
}
