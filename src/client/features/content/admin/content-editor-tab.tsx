import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import { LoadingStatus } from '#client/components/ui/loading-status.tsx'
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

function EntryEditor(props: {
  entryId: string
  initial: Draft
  domain: TranslationDomain
  locale: Locale
  onDone: () => void
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState(props.initial)
  const isNew = props.entryId === 'new'
  const save = useMutation({
    mutationFn: () => {
      const body: AdminContentBody = {
        title: draft.title,
        body: draft.body,
        topic: draft.topic.trim() || null,
        position: draft.position,
        ...(isNew ? { domain: props.domain, locale: props.locale, code: draft.code } : {}),
      }
      return saveContentEntry(props.entryId, body)
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminContentQueries.all() })
      await queryClient.invalidateQueries({ queryKey: ['content'] })
      props.onDone()
    },
  })
  const errorFor = (field: string): string | null => {
    if (!(save.error instanceof ApiException)) return null
    const key = save.error.errors.children?.[field]?.errors?.[0]
    return key ? validationMessage(i18n, key) : null
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  const field = (name: keyof Draft, label: ReactNode, input: ReactNode) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {errorFor(name) ? (
        <p className="field-error" role="alert">
          {errorFor(name)}
        </p>
      ) : null}
    </div>
  )
  return (
    <form
      className="form entry-editor"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      {isNew
        ? field(
            'code',
            <Trans>Code (in the address)</Trans>,
            <input
              id={`${id}-code`}
              value={draft.code}
              onChange={(event) => set('code', event.target.value)}
            />,
          )
        : null}
      {field(
        'title',
        <Trans>Title</Trans>,
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
        />,
      )}
      {field(
        'topic',
        <Trans>Topic</Trans>,
        <input
          id={`${id}-topic`}
          value={draft.topic}
          onChange={(event) => set('topic', event.target.value)}
        />,
      )}
      {field(
        'position',
        <Trans>Position</Trans>,
        <input
          id={`${id}-position`}
          type="number"
          min={0}
          max={999}
          value={draft.position}
          onChange={(event) => set('position', Number(event.target.value))}
        />,
      )}
      <div className="editor-split">
        {field(
          'body',
          <Trans>Text (markdown)</Trans>,
          <textarea
            id={`${id}-body`}
            rows={14}
            value={draft.body}
            onChange={(event) => set('body', event.target.value)}
          />,
        )}
        <section className="preview" aria-label={t`Preview`}>
          <h3>{draft.title}</h3>
          <Markdown source={draft.body} />
        </section>
      </div>
      {save.isError && !(save.error instanceof ApiException) ? (
        <p className="field-error" role="alert">
          <Trans>The entry could not be saved.</Trans>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          <Trans>Save</Trans>
        </button>
        <button type="button" className="button button-ghost" onClick={props.onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
