import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import { ApproveButton, InviteMemberForm, pendingFirst } from '#client/features/brand/admin-kit.ts'
import { providerStatusLabels } from '#client/features/brand/labels.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminProvider } from '#shared/contract/admin.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { widgetThemeLabels } from '../labels'
import { missionQueries } from '../queries'
import { useAdminFormErrors } from './admin-form-errors'
import { ErrorLines, FormActions, ImageField } from './admin-form-parts'
import { adminDealQueries } from './admin-queries'
import { saveAdminProvider } from './api'
import { LocalizedField, type LocalizedValue, localizedBody, localizedValue } from './localized-field'
import '../components/deals.css'

interface ProviderFields {
  name: string
  slug: string
  description: LocalizedValue
  theme: WidgetTheme
}

const fieldsOf = (provider: AdminProvider | null): ProviderFields => ({
  name: provider?.name ?? '',
  slug: provider?.slug ?? '',
  description: localizedValue(provider?.description),
  theme: provider?.theme ?? 'default',
})

function ProviderForm({ provider, onDone }: { provider: AdminProvider | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(() => fieldsOf(provider))
  const [logo, setLogo] = useState<File | null>(null)
  const errors = useAdminFormErrors()
  const set = (field: 'name' | 'slug' | 'theme') => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const payload = {
      name: values.name,
      slug: values.slug,
      description: localizedBody(values.description),
      theme: values.theme,
    }
    const form = new FormData()
    form.set('payload', JSON.stringify(payload))
    if (logo) form.set('logo', logo)
    try {
      await saveAdminProvider(provider?.id ?? null, form)
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      // Missions carry their provider's text: the streamer-side lists show the new one at once.
      void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
      void notify('success', t`Provider saved`)
      onDone()
    } catch (error) {
      errors.fail(error)
    }
  }
  return (
    <form className="form admin-form" onSubmit={submit}>
      <h3>{provider ? t`Provider ${provider.name}` : t`New provider`}</h3>
      <ErrorLines lines={errors.refused?.message ? [errors.refused.message] : []} />
      <Field label={<Trans>Name</Trans>} error={errors.errorFor('name')}>
        {(control) => <input {...control} value={values.name} onChange={set('name')} required />}
      </Field>
      <Field label={<Trans>Slug (lower case, dashes)</Trans>} error={errors.errorFor('slug')}>
        {(control) => (
          <input
            {...control}
            value={values.slug}
            onChange={set('slug')}
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
          />
        )}
      </Field>
      <LocalizedField
        label={<Trans>Description</Trans>}
        value={values.description}
        onChange={(description) => setValues({ ...values, description })}
        errorFor={(language) =>
          errors.errorFor(`description.${language}`) ??
          (language === 'en' ? errors.errorFor('description') : undefined)
        }
        multiline
      />
      <Field label={<Trans>Widget theme</Trans>} error={errors.errorFor('theme')}>
        {(control) => (
          <select {...control} value={values.theme} onChange={set('theme')}>
            {WIDGET_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {i18n._(widgetThemeLabels[theme])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ImageField label={<Trans>Logo (image)</Trans>} onFile={setLogo} />
      <FormActions onCancel={onDone} />
    </form>
  )
}

/** Admin tab: the provider list (applications waiting first), a new-provider form, each provider's form. */
export function ProvidersTab() {
  const { t, i18n } = useLingui()
  const { data, isPending } = useQuery(adminDealQueries.providers())
  const [editing, setEditing] = useState<AdminProvider | 'new' | null>(null)
  const [inviting, setInviting] = useState<string | null>(null)
  if (editing)
    return <ProviderForm provider={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
  return (
    <section>
      <p>
        <button type="button" className="button" onClick={() => setEditing('new')}>
          <Trans>New provider</Trans>
        </button>
      </p>
      {isPending ? <p className="muted">…</p> : null}
      <ul className="admin-list">
        {pendingFirst(data?.items ?? []).map((provider) => (
          <li key={provider.id}>
            <img src={mediaUrl(provider.logo)} alt="" width={40} height={40} loading="lazy" />
            <span className="admin-list-text">
              <strong>{provider.name}</strong>{' '}
              <span className="muted">
                ({provider.slug}, {i18n._(widgetThemeLabels[provider.theme])})
              </span>{' '}
              {provider.status === 'pending' ? (
                <span className="status-badge status-badge-pending">
                  {i18n._(providerStatusLabels.pending)}
                </span>
              ) : null}
            </span>
            <span className="admin-actions">
              {provider.status === 'pending' ? <ApproveButton provider={provider} /> : null}
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setInviting(inviting === provider.id ? null : provider.id)}
                aria-expanded={inviting === provider.id}
              >
                <Trans>Invite a member</Trans>
              </button>
              <button type="button" className="button button-ghost" onClick={() => setEditing(provider)}>
                <Trans>Edit</Trans>
              </button>
              {/* A plain link: the tab also renders outside the router (its component test). */}
              <a
                href={`/dashboard/provider/${encodeURIComponent(provider.slug)}`}
                className="button button-ghost"
                aria-label={t`Open the brand portal of ${provider.name}`}
              >
                <Trans>Brand portal</Trans>
              </a>
            </span>
            {inviting === provider.id ? (
              <InviteMemberForm provider={provider} onDone={() => setInviting(null)} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
