import { useLingui } from '@lingui/react'
import { formatCount } from '#shared/format.ts'

// Plural rules are cheap to build (a fraction of a millisecond), unlike a NumberFormat; one per language.
const pluralRules = new Map<string, Intl.PluralRules>()

function pluralCategory(locale: string, value: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale)
  if (!rules) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  return rules.select(value)
}

/** A count as the screen's language writes it, and its plural category (CLDR: one, many, other...). */
export interface CountWords {
  count: string
  category: Intl.LDMLPluralRule
}

/**
 * For counts on the first screens (mission cards on the home page and the dashboard): a message picks
 * its form with `<Select value={category} _one={`${count} …`} other={`${count} …`} />` instead of
 * `<Plural>`, whose `#` makes Lingui build an Intl.NumberFormat, the first of the page (see formatCount).
 */
export function useCount(value: number): CountWords {
  const { i18n } = useLingui()
  return { count: formatCount(value, i18n.locale), category: pluralCategory(i18n.locale, value) }
}
