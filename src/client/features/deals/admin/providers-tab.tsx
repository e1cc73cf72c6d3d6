import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { ImageField } from '#client/components/ui/image-field.tsx'
import { ApproveButton, InviteMemberForm, pendingFirst } from '#client/features/brand/admin-kit.ts'
import { providerStatusLabels } from '#client/features/brand/labels.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { bodyResolver, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { AdminProvider, ProviderBody } from '#shared/contract/admin.ts'
import type { WidgetTheme } from '#shared/contract/deals.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { widgetThemeLabels } from '../labels'
import { missionQueries } from '../queries'
import { adminFieldMessage, placeRefusal } from './admin-form-errors'
import { ErrorLines, FormActions } from './admin-form-parts'
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

const FIELDS = ['name', 'slug', 'description', 'theme'] as const
const fieldOf = (path: string) => FIELDS.find((field) => path.split('.')[0] === field) ?? null

const providerBody = (values: ProviderFields) => ({
  name: values.name,
  slug: values.slug,
  description: localizedBody(values.description),
  theme: values.theme,
})

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const resolver = bodyResolver<ProviderFields, ProviderBody>(
  lazyArkResolver(() => import('#shared/contract/admin.ts').then((contract) => contract.ProviderBody)),
  providerBody,
)

function ProviderForm({ provider, onDone }: { provider: AdminProvider | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<ProviderFields>({
    defaultValues: fieldsOf(provider),
    resolver,
    shouldFocusError: false,
  })
  const [logo, setLogo] = useState<File | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const state = fieldStates(form, (key) => adminFieldMessage(i18n, key))
  const submit = form.handleSubmit(
    async (values) => {
      setGeneral(null)
      const body = new FormData()
      body.set('payload', JSON.stringify(providerBody(values)))
      if (logo) body.set('logo', logo)
      try {
        await saveAdminProvider(provider?.id ?? null, body)
        void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
        // Missions carry their provider's text: the streamer-side lists show the new one at once.
        void queryClient.invalidateQueries({ queryKey: missionQueries.all() })
        void notify('success', t`Provider saved`)
        onDone()
      } catch (error) {
        setGeneral(
          placeRefusal(form, error, {
            general: () => t`The provider could not be saved. Try again.`,
            // A translation's error stays on its language.
            field: (path) =>
              /^description\.(en|fr|es)$/.test(path) ? (path as 'description.en') : fieldOf(path),
          }),
        )
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  const description = state('description').error
  return (
    <form ref={box} className="form admin-form" onSubmit={submit} noValidate>
      <h3>{provider ? t`Provider ${provider.name}` : t`New provider`}</h3>
      <ErrorLines lines={general ? [general] : []} />
      <Field label={<Trans>Name</Trans>} error={state('name').error}>
        {(control) => <input {...control} {...form.register('name')} />}
      </Field>
      <Field label={<Trans>Slug (lower case, dashes)</Trans>} error={state('slug').error}>
        {(control) => <input {...control} autoCapitalize="none" {...form.register('slug')} />}
      </Field>
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <LocalizedField
            label={<Trans>Description</Trans>}
            value={field.value}
            onChange={field.onChange}
            errorFor={(language) =>
              state(`description.${language}`).error ?? (language === 'en' ? description : undefined)
            }
            multiline
          />
        )}
      />
      <Field label={<Trans>Widget theme</Trans>} error={state('theme').error}>
        {(control) => (
          <select {...control} {...form.register('theme')}>
            {WIDGET_THEMES.map((theme) => (
              <option key={theme} value={theme}>
                {i18n._(widgetThemeLabels[theme])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ImageField label={<Trans>Logo (image)</Trans>} onFile={setLogo} />
      <FormActions onCancel={onDone} pending={form.formState.isSubmitting} />
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
                /{provider.slug} · <Trans>{i18n._(widgetThemeLabels[provider.theme])} theme</Trans>
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
