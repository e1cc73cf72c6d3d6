import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Field } from '#client/components/ui/field.tsx'
import type { AppLocale } from '#client/lib/i18n.ts'
import './admin-form.css'

/** A text in each language the app speaks, as an admin form holds it (empty: not translated). */
export type LocalizedValue = Record<AppLocale, string>

const LANGUAGES = ['en', 'fr', 'es'] as const satisfies readonly AppLocale[]

export const emptyLocalized = (): LocalizedValue => ({ en: '', fr: '', es: '' })

/** A stored localized text (English always, translations when present) as form values. */
export const localizedValue = (
  text: { en: string; fr?: string; es?: string } | undefined,
): LocalizedValue => ({
  en: text?.en ?? '',
  fr: text?.fr ?? '',
  es: text?.es ?? '',
})

/** A stored localized text in one language, English where it has no translation (as the server picks). */
export const inLanguage = (text: { en: string; fr?: string; es?: string }, language: string): string =>
  (language === 'fr' || language === 'es' ? text[language] : undefined) || text.en

/** The body of a localized text: the English text, and only the translations that were written. */
export function localizedBody(value: LocalizedValue): { en: string; fr?: string; es?: string } {
  return {
    en: value.en,
    ...(value.fr.trim() ? { fr: value.fr } : {}),
    ...(value.es.trim() ? { es: value.es } : {}),
  }
}

/**
 * One text of a mission or provider in English, French and Spanish: a group named by `label`, one
 * control per language with its own error (`errorFor('en')`). Readers whose language is left empty
 * see the English text, which the hint says.
 */
export function LocalizedField({
  label,
  value,
  onChange,
  errorFor,
  required = false,
  multiline = false,
  hint = true,
}: {
  label: ReactNode
  value: LocalizedValue
  onChange: (value: LocalizedValue) => void
  errorFor: (language: AppLocale) => string | undefined
  required?: boolean
  multiline?: boolean
  /** Says once per form that an empty translation falls back to English; later groups leave it out. */
  hint?: boolean
}) {
  const { t } = useLingui()
  const names: Record<AppLocale, string> = { en: t`English`, fr: t`French`, es: t`Spanish` }
  return (
    <fieldset className="localized-field">
      <legend>{label}</legend>
      {hint ? (
        <p className="field-hint">
          <Trans>Where French or Spanish is left empty, readers in that language see the English text.</Trans>
        </p>
      ) : null}
      {LANGUAGES.map((language) => (
        <Field key={language} label={names[language]} error={errorFor(language)}>
          {(control) => {
            const props = {
              ...control,
              lang: language,
              value: value[language],
              required: required && language === 'en',
              onChange: (event: { target: { value: string } }) =>
                onChange({ ...value, [language]: event.target.value }),
            }
            return multiline ? <textarea rows={3} {...props} /> : <input {...props} />
          }}
        </Field>
      ))}
    </fieldset>
  )
}
