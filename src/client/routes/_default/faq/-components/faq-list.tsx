import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useDeferredValue, useId, useState } from 'react'
import { ContactFormSlot } from '#client/features/content/components/lazy-forms.tsx'
import { groupByTopic, searchFaq } from '#client/features/content/faq-groups.ts'
import { contentQueries } from '#client/features/content/queries.ts'

/** The questions grouped by topic, a search over them, and the contact form for what they do not answer. */
export function FaqList({ contactOpen }: { contactOpen: boolean }) {
  const { i18n, t } = useLingui()
  const searchId = useId()
  const { data } = useSuspenseQuery(contentQueries.domain('faq', i18n.locale))
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  const matches = searchFaq(data.items, deferredQuery)
  const groups = groupByTopic(matches)
  return (
    <section className="faq">
      <h1>
        <Trans>Frequently asked questions</Trans>
      </h1>
      <div className="field faq-search">
        <label htmlFor={searchId}>
          <Trans>Search the questions</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t`e.g. payout, widget, password`}
        />
      </div>
      <p className="visually-hidden" role="status">
        {deferredQuery ? <Trans>{matches.length} matching questions</Trans> : null}
      </p>
      {data.items.length === 0 ? (
        <p className="muted">
          <Trans>No questions yet.</Trans>
        </p>
      ) : null}
      {data.items.length > 0 && matches.length === 0 ? (
        <p className="muted">
          <Trans>No question matches your search. Try other words, or write to us below.</Trans>
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.topic ?? ''} className="faq-group">
          <h2>{group.topic ?? <Trans>Other questions</Trans>}</h2>
          <ul className="link-list">
            {group.entries.map((entry) => (
              <li key={entry.code}>
                <Link to="/faq/$code" params={{ code: entry.code }}>
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className="contact" aria-labelledby="contact-title">
        <h2 id="contact-title">
          <Trans>Still need help?</Trans>
        </h2>
        {contactOpen ? (
          <ContactFormSlot />
        ) : (
          <Link
            to="/faq"
            search={{ contact: true }}
            hash="contact-title"
            resetScroll={false}
            replace
            className="button"
          >
            <Trans>Contact us</Trans>
          </Link>
        )}
      </section>
    </section>
  )
}
