import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { isLocale, localeNames, locales, setLocale } from '#client/lib/i18n.ts'
import { useSessionLanguage } from '#client/lib/session.ts'

export function LanguageSwitcher() {
  const { t } = useLingui()
  const language = useSessionLanguage()
  const id = useId()
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        value={language}
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
