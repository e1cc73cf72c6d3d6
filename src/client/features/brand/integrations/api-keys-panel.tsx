import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Field } from '#client/components/ui/field.tsx'
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx'
import { confirm } from '#client/lib/confirm.ts'
import { lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { notify } from '#client/lib/toast.ts'
import type { ApiKeyScope, BrandApiKey } from '#shared/contract/brand-integrations.ts'
import { DEFAULT_DATE_TIME_FORMAT, formatDate } from '#shared/format-date.ts'
import { GeneralError } from '../components/form-parts'
import { brandRefusal } from '../messages'
import { createApiKey, integrationQueries, revokeApiKey } from './queries'
import { SecretOnce } from './secret-once'
import { useSecretForm } from './use-secret-form'

interface ApiKeyValues {
  name: string
  scope: ApiKeyScope
}

// The contract's body checks the form before it is sent (arktype loads on the first submit).
const resolver = lazyArkResolver<ApiKeyValues>(() =>
  import('#shared/contract/brand-integrations.ts').then((contract) => contract.BrandApiKeyBody),
)

function ApiKeyForm({ slug }: { slug: string }) {
  const { t } = useLingui()
  const { form, state, submit, box, general, secret, forgetSecret } = useSecretForm<ApiKeyValues>({
    defaultValues: { name: '', scope: 'read' },
    resolver,
    create: async (values) =>
      (await createApiKey(slug, { name: values.name.trim(), scope: values.scope })).key,
    listKey: integrationQueries.apiKeys(slug).queryKey,
  })
  if (secret) return <SecretOnce label={t`The new API key`} secret={secret} onDone={forgetSecret} />
  const pending = form.formState.isSubmitting
  return (
    <form
      ref={box}
      className="form integration-form"
      onSubmit={submit}
      noValidate
      aria-label={t`Create an API key`}
    >
      <GeneralError message={general} />
      <Field
        label={t`Name`}
        error={state('name').error}
        hint={t`Where the key is used, e.g. “reporting script”.`}
      >
        {(control) => <input {...control} autoComplete="off" maxLength={60} {...form.register('name')} />}
      </Field>
      <Field label={t`Access`} error={state('scope').error}>
        {(control) => (
          <select {...control} {...form.register('scope')}>
            <option value="read">{t`Read only: missions, results, deals`}</option>
            <option value="write">{t`Read and write: also pause and resume missions`}</option>
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Create the key</Trans>
        </button>
      </div>
    </form>
  )
}

function ApiKeyRow({ slug, apiKey, canManage }: { slug: string; apiKey: BrandApiKey; canManage: boolean }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const revoke = async () => {
    if (!(await confirm({ title: t`Revoke this key?`, message: apiKey.name, danger: true }))) return
    try {
      await revokeApiKey(slug, apiKey.id)
      void notify('success', t`Key revoked: it is refused from now on.`)
      await queryClient.invalidateQueries({ queryKey: integrationQueries.apiKeys(slug).queryKey })
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
    }
  }
  const lastUsed = apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt, DEFAULT_DATE_TIME_FORMAT) : t`never`
  return (
    <tr data-testid="api-key-row">
      <th scope="row">{apiKey.name}</th>
      <td>
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{apiKey.scope === 'write' ? t`Read and write` : t`Read only`}</td>
      <td>{apiKey.revokedAt ? t`Revoked` : lastUsed}</td>
      <td>
        {canManage && !apiKey.revokedAt ? (
          <button type="button" className="button button-ghost button-danger" onClick={() => void revoke()}>
            <Trans>Revoke</Trans>
          </button>
        ) : null}
      </td>
    </tr>
  )
}

/** The brand's API keys: owners create (shown once) and revoke them; members see which exist. */
export function ApiKeysPanel({ slug, canManage }: { slug: string; canManage: boolean }) {
  const { t } = useLingui()
  const { data } = useSuspenseQuery(integrationQueries.apiKeys(slug))
  return (
    <section className="integration-block" aria-labelledby="api-keys-title">
      <h3 id="api-keys-title">
        <Trans>API keys</Trans>
      </h3>
      <p className="muted">
        <Trans>
          Scripts send a key in the <code>Authorization</code> header, as <code>Bearer sdk_live_…</code>, to
          read this brand’s missions, results and deals. See the API reference.
        </Trans>
      </p>
      {data.items.length > 0 ? (
        <ScrollRegion className="brand-table-scroll integration-table-scroll" label={t`API keys`}>
          <table className="brand-table">
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Key`}</th>
                <th scope="col">{t`Access`}</th>
                <th scope="col">{t`Last used`}</th>
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} slug={slug} apiKey={apiKey} canManage={canManage} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="muted">
          <Trans>No API key yet.</Trans>
        </p>
      )}
      {canManage ? <ApiKeyForm slug={slug} /> : null}
    </section>
  )
}
