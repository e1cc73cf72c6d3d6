import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { api } from '#client/lib/http.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { notify } from '#client/lib/toast.ts'
import type { Provider } from '#shared/contract/deals.ts'
import { WIDGET_THEMES } from '#shared/deal-values.ts'
import { widgetThemeLabels } from '../labels'
import { ErrorLines, FormActions, ImageField } from './admin-form-parts'
import { adminDealQueries, errorLines } from './admin-queries'
import '../components/deals.css'

const emptyProvider = { name: '', slug: '', description: '', theme: 'default' as Provider['theme'] }

function ProviderForm({ provider, onDone }: { provider: Provider | null; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(provider ? { ...provider } : emptyProvider)
  const [logo, setLogo] = useState<File | null>(null)
  const [errors, setErrors] = useState<string[]>([])
  const set = (field: keyof typeof emptyProvider) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value })
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const payload = {
      name: values.name,
      slug: values.slug,
      description: values.description,
      theme: values.theme,
    }
    const form = new FormData()
    form.set('payload', JSON.stringify(payload))
    if (logo) form.set('logo', logo)
    try {
      if (provider) await api('adminProviderUpdate', { params: { id: provider.id }, body: form })
      else await api('adminProviderCreate', { body: form })
      void queryClient.invalidateQueries({ queryKey: adminDealQueries.all() })
      void notify('success', t`Provider saved`)
      onDone()
    } catch (error) {
      setErrors(errorLines(error))
    }
  }
  return (
    <form className="form admin-form" onSubmit={submit}>
      <h3>{provider ? t`Provider ${provider.name}` : t`New provider`}</h3>
      <ErrorLines lines={errors} />
      <label className="field">
        <Trans>Name</Trans>
        <input value={values.name} onChange={set('name')} required />
      </label>
      <label className="field">
        <Trans>Slug (lower case, dashes)</Trans>
        <input value={values.slug} onChange={set('slug')} required pattern="[a-z0-9]+(-[a-z0-9]+)*" />
      </label>
      <label className="field">
        <Trans>Description</Trans>
        <textarea value={values.description} onChange={set('description')} rows={3} />
      </label>
      <label className="field">
        <Trans>Widget theme</Trans>
        <select value={values.theme} onChange={set('theme')}>
          {WIDGET_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {i18n._(widgetThemeLabels[theme])}
            </option>
          ))}
        </select>
      </label>
      <ImageField label={<Trans>Logo (image)</Trans>} onFile={setLogo} />
      <FormActions onCancel={onDone} />
    </form>
  )
}

/** Admin tab: the provider list, a new-provider form and each provider's detail form. */
export function ProvidersTab() {
  const { i18n } = useLingui()
  const { data, isPending } = useQuery(adminDealQueries.providers())
  const [editing, setEditing] = useState<Provider | 'new' | null>(null)
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
        {data?.items.map((provider) => (
          <li key={provider.id}>
            <img src={mediaUrl(provider.logo)} alt="" width={40} height={40} loading="lazy" />
            <span className="admin-list-text">
              <strong>{provider.name}</strong>{' '}
              <span className="muted">
                ({provider.slug}, {i18n._(widgetThemeLabels[provider.theme])})
              </span>
            </span>
            <button type="button" className="button button-ghost" onClick={() => setEditing(provider)}>
              <Trans>Edit</Trans>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
