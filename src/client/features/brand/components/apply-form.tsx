import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { bodyResolver, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import type { BrandProvider, BrandProviderApplyBody } from '#shared/contract/brand.ts'
import { applyForProvider, payloadForm } from '../mutations'
import { GeneralError, useBrandSubmit } from './form-parts'
import {
  applyBody,
  type BrandProviderValues,
  brandProviderValues,
  ProviderFields,
  providerFieldOf,
} from './provider-fields'
import './brand.css'

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const resolver = bodyResolver<BrandProviderValues, BrandProviderApplyBody>(
  lazyArkResolver(() =>
    import('#shared/contract/brand.ts').then((contract) => contract.BrandProviderApplyBody),
  ),
  applyBody,
)

/** The new provider page: a brand applies (name, description, logo) and waits for an admin's approval. */
export function ApplyPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<BrandProviderValues>({
    defaultValues: brandProviderValues(null),
    resolver,
    shouldFocusError: false,
  })
  const [applied, setApplied] = useState<BrandProvider | null>(null)
  const { submit, general, box, state, pending } = useBrandSubmit(
    form,
    async (values) => {
      setApplied(await applyForProvider(queryClient, payloadForm(applyBody(values), { logo: values.logo })))
    },
    providerFieldOf,
  )

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
      <form
        ref={box}
        className="form brand-form"
        onSubmit={submit}
        noValidate
        aria-label={t`Apply for a new brand`}
      >
        <GeneralError message={general} />
        <ProviderFields form={form} state={state} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            <Trans>Send the application</Trans>
          </button>
        </div>
      </form>
    </section>
  )
}
