import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import { isLocale, localeNames, locales, setLocale } from '#client/lib/i18n.ts'
import { useSessionLanguage } from '#client/lib/session.ts'

export function LanguageSwitcher() {
  const { t } = useLingui()
  const language = useSessionLanguage()
  const id = useId()
  const select = useRef<HTMLSelectElement>(null)
  // A choice made on the server-rendered page before hydration changed only the element, and React
  // keeps the element as it is: apply that choice now rather than lose it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; later choices go through onChange.
  useEffect(() => {
    const chosen = select.current?.value
    if (chosen !== language && isLocale(chosen)) void setLocale(chosen)
  }, [])
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        ref={select}
        id={id}
        value={language}
        // The browser must not restore an old choice on reload: the page is rendered in the saved one.
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value
          if (isLocale(next)) void setLocale(next)
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
