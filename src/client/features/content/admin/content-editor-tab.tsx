import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { LoadingStatus } from '#client/components/ui/loading-status.tsx'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { bodyResolver, fieldErrors, lazyArkResolver } from '#client/lib/forms/form-errors.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { ApiException } from '#client/lib/http.ts'
import { localeNames, locales } from '#client/lib/i18n.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { Locale } from '#shared/contract/common.ts'
import {
  type AdminContentBody,
  type AdminContentEntry,
  TRANSLATION_DOMAINS,
  type TranslationDomain,
} from '#shared/contract/content.ts'
import { Markdown } from '../markdown'
import { adminContentQueries } from './admin-queries'
import { saveContentEntry } from './api'

type Draft = Required<Pick<AdminContentBody, 'title' | 'body' | 'position'>> & { code: string; topic: string }

const emptyDraft: Draft = { code: '', title: '', body: '', topic: '', position: 0 }

/** Admin tab: FAQ entries, terms and home blocks per locale, edited as markdown with a live preview. */
export function ContentEditorTab() {
  const { t } = useLingui()
  const [domain, setDomain] = useState<TranslationDomain>('faq')
  const [locale, setLocale] = useState<Locale>('en')
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null)
  const { data, status } = useQuery(adminContentQueries.entries(domain, locale))
  const id = useId()
  const domainNames: Record<TranslationDomain, string> = { faq: t`FAQ`, terms: t`Terms`, home: t`Home page` }

  const edit = (entry: AdminContentEntry) =>
    setEditing({
      id: entry.id,
      draft: {
        code: entry.code,
        title: entry.title,
        body: entry.body,
        topic: entry.topic ?? '',
        position: entry.position,
      },
    })

  return (
    <div className="admin-content">
      <div className="toolbar">
        <label htmlFor={`${id}-domain`}>
          <Trans>Content</Trans>
        </label>
        <select
          id={`${id}-domain`}
          value={domain}
          onChange={(event) => {
            setDomain(event.target.value as TranslationDomain)
            setEditing(null)
          }}
        >
          {TRANSLATION_DOMAINS.map((name) => (
            <option key={name} value={name}>
              {domainNames[name]}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-locale`}>
          <Trans>Language</Trans>
        </label>
        <select
          id={`${id}-locale`}
          value={locale}
          onChange={(event) => {
            setLocale(event.target.value as Locale)
            setEditing(null)
          }}
        >
          {locales.map((name) => (
            <option key={name} value={name}>
              {localeNames[name]}
            </option>
          ))}
        </select>
        <button type="button" className="button" onClick={() => setEditing({ id: 'new', draft: emptyDraft })}>
          <Trans>New entry</Trans>
        </button>
      </div>
      {status === 'pending' ? <LoadingStatus /> : null}
      {status === 'error' ? (
        <p role="alert">
          <Trans>The entries could not be loaded.</Trans>
        </p>
      ) : null}
      {editing ? (
        <EntryEditor
          key={`${domain}-${locale}-${editing.id}`}
          entryId={editing.id}
          initial={editing.draft}
          domain={domain}
          locale={locale}
          onDone={() => setEditing(null)}
        />
      ) : (
        <ul className="admin-list">
          {data?.items.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="link-button" onClick={() => edit(entry)}>
                {entry.title}
              </button>{' '}
              <span className="muted">
                {entry.code}
                {entry.topic ? ` · ${entry.topic}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

interface EntryValues {
  code: string
  title: string
  topic: string
  /** As typed; the body takes a whole number. */
  position: string
  body: string
}

/** Where a new entry goes; an existing one's place is fixed. */
type Place = Pick<AdminContentBody, 'domain' | 'locale'>

/** The body of a save: a new entry also says where it goes (its domain, locale and code). */
function entryBody(values: EntryValues, place: Place | null): AdminContentBody {
  return {
    title: values.title,
    body: values.body,
    topic: values.topic.trim() || null,
    position: Number(values.position),
    ...(place ? { ...place, code: values.code } : {}),
  }
}

/** The contract's body checks the entry before it is sent (arktype loads on the first save). */
const entryResolver = (place: Place | null) =>
  bodyResolver<EntryValues, AdminContentBody>(
    lazyArkResolver(() =>
      import('#shared/contract/content.ts').then((contract) => contract.AdminContentBody),
    ),
    (values) => entryBody(values, place),
  )

function EntryEditor(props: {
  entryId: string
  initial: Draft
  domain: TranslationDomain
  locale: Locale
  onDone: () => void
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const isNew = props.entryId === 'new'
  // The editor is keyed by its domain, locale and entry: its place stays for its whole life.
  const [place] = useState(() => (isNew ? { domain: props.domain, locale: props.locale } : null))
  const [resolver] = useState(() => entryResolver(place))
  const form = useForm<EntryValues>({
    defaultValues: { ...props.initial, position: String(props.initial.position) },
    resolver,
    shouldFocusError: false,
  })
  const [failed, setFailed] = useState(false)
  const box = useRef<HTMLFormElement>(null)
  const state = fieldStates(form, (key) => validationMessage(i18n, key))
  const submit = form.handleSubmit(
    async (values) => {
      setFailed(false)
      try {
        await saveContentEntry(props.entryId, entryBody(values, place))
        await queryClient.invalidateQueries({ queryKey: adminContentQueries.all() })
        await queryClient.invalidateQueries({ queryKey: ['content'] })
        props.onDone()
      } catch (error) {
        // The server's refusals go under their fields; anything else is said above the buttons.
        const refused = error instanceof ApiException ? fieldErrors<EntryValues>(error.errors) : {}
        for (const [name, refusal] of Object.entries(refused))
          form.setError(name as keyof EntryValues, { type: 'server', message: String(refusal?.message) })
        setFailed(Object.keys(refused).length === 0)
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  const [title, body] = form.watch(['title', 'body'])
  const input = (name: Exclude<keyof EntryValues, 'body'>, label: ReactNode) => (
    <Field label={label} error={state(name).error}>
      {(control) =>
        name === 'position' ? (
          <input {...control} type="number" inputMode="numeric" min={0} max={999} {...form.register(name)} />
        ) : (
          <input {...control} {...form.register(name)} />
        )
      }
    </Field>
  )
  const pending = form.formState.isSubmitting
  return (
    <form ref={box} className="form entry-editor" onSubmit={submit} noValidate>
      {isNew ? input('code', <Trans>Code (in the address)</Trans>) : null}
      {input('title', <Trans>Title</Trans>)}
      {input('topic', <Trans>Topic</Trans>)}
      {input('position', <Trans>Position</Trans>)}
      <div className="editor-split">
        <Field label={<Trans>Text (markdown)</Trans>} error={state('body').error}>
          {(control) => <textarea {...control} rows={14} {...form.register('body')} />}
        </Field>
        <section className="preview" aria-label={t`Preview`}>
          <h3>{title}</h3>
          <Markdown source={body} />
        </section>
      </div>
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The entry could not be saved.</Trans>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending} aria-busy={pending}>
          <Trans>Save</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
