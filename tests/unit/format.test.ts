import fc from 'fast-check'
import { afterEach, expect, test } from 'vitest'
import { ELLIPSIS, formatCount, formatMoney, moneyLocale, shortenName } from '#shared/format.ts'
import { formatDate } from '#shared/format-date.ts'
import { setMoneyLanguage } from '#shared/money-locale.ts'

/** Intl's fr-FR output: narrow no-break space between thousands, no-break space before the symbol. */
const NNBSP = '\u202f'
const NBSP = '\u00a0'

const originalTimeZone = process.env.TZ
afterEach(() => {
  process.env.TZ = originalTimeZone
})

test('cents format as euros in fr-FR by default', () => {
  expect(formatMoney(123456)).toBe(`1${NNBSP}234,56${NBSP}€`)
  expect(formatMoney(5)).toBe(`0,05${NBSP}€`)
  expect(formatMoney(0)).toBe(`0,00${NBSP}€`)
})

test('euros in fr-FR read exactly as Intl writes them, whatever the amount', () => {
  const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
  fc.assert(
    fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100))
    }),
    { numRuns: 2000 },
  )
  for (const cents of [0, 1, 99, 100, 99999, 100000, 123456789, -1, -100000]) {
    expect(formatMoney(cents)).toBe(intl.format(cents / 100))
  }
})

test('euros in en-IE and es-ES read exactly as Intl writes them, whatever the amount', () => {
  for (const locale of ['en-IE', 'es-ES']) {
    const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        expect(formatMoney(cents, { locale })).toBe(intl.format(cents / 100))
      }),
      { numRuns: 1000 },
    )
    for (const cents of [0, 1, 99, 100, 99999, 100000, 1000000, 123456789, -1, -100000]) {
      expect(formatMoney(cents, { locale }), `${locale} ${cents}`).toBe(intl.format(cents / 100))
    }
  }
})

test('money follows the interface language once it is set, French where none is known', () => {
  try {
    setMoneyLanguage('en')
    expect(formatMoney(20000)).toBe('€200.00')
    setMoneyLanguage('es')
    expect(formatMoney(1234567)).toBe(`12.345,67${NBSP}€`)
    setMoneyLanguage('de')
    expect(formatMoney(15)).toBe(`0,15${NBSP}€`)
  } finally {
    setMoneyLanguage(undefined)
  }
  expect(moneyLocale('fr-CA')).toBe('fr-FR')
  expect(moneyLocale(undefined)).toBe('fr-FR')
})

test('counts are grouped exactly as Intl writes them in each language, whatever the number', () => {
  for (const locale of ['en', 'fr', 'es', 'en-GB', 'fr-FR', 'es-ES']) {
    const intl = new Intl.NumberFormat(locale)
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (count) => {
        expect(formatCount(count, locale)).toBe(intl.format(count))
      }),
      { numRuns: 500 },
    )
    for (const count of [0, 1, 999, 1000, 9999, 10000, 12345, 1000000, -1000, -12345]) {
      expect(formatCount(count, locale), `${locale} ${count}`).toBe(intl.format(count))
    }
  }
  expect(formatCount(1500, 'en')).toBe('1,500')
  expect(formatCount(1500, 'fr')).toBe(`1${NNBSP}500`)
  expect(formatCount(1500, 'es')).toBe('1500')
  expect(formatCount(15000, 'es')).toBe('15.000')
  // Anything else goes to Intl as before.
  expect(formatCount(1.5, 'en')).toBe('1.5')
  expect(formatCount(1500, 'de')).toBe('1.500')
})

test('a Money value formats with its own currency', () => {
  expect(formatMoney({ amount: 1999, currency: 'EUR' })).toBe(`19,99${NBSP}€`)
  expect(formatMoney({ amount: 1999, currency: 'USD' })).toBe(`19,99${NBSP}$US`)
})

test('negative amounts keep their sign', () => {
  expect(formatMoney(-500)).toBe(`-5,00${NBSP}€`)
})

test('locale and currency can be chosen', () => {
  expect(formatMoney(123456, { locale: 'en-US' })).toBe('€1,234.56')
  expect(formatMoney(123456, { locale: 'en-US', currency: 'USD' })).toBe('$1,234.56')
  expect(formatMoney({ amount: 100, currency: 'EUR' }, { locale: 'en-GB', currency: 'GBP' })).toBe('£1.00')
})

test('dates format as DD/MM/YYYY by default', () => {
  expect(formatDate('2024-03-07T10:20:30Z')).toBe('07/03/2024')
  expect(formatDate('2024-03-07')).toBe('07/03/2024')
})

test('a custom format is honoured', () => {
  expect(formatDate('2024-03-07T10:20:30Z', 'YYYY-MM-DD HH:mm')).toBe('2024-03-07 10:20')
  expect(formatDate(new Date(Date.UTC(2023, 11, 31, 23, 59)), 'DD MMM YYYY')).toBe('31 Dec 2023')
})

test('dates do not shift with the viewer time zone', () => {
  process.env.TZ = 'America/Los_Angeles'
  expect(formatDate('2024-03-01')).toBe('01/03/2024')
  expect(formatDate('2024-03-01T00:30:00Z', 'DD/MM/YYYY HH:mm')).toBe('01/03/2024 00:30')
  process.env.TZ = 'Pacific/Kiritimati'
  expect(formatDate('2024-02-29T23:30:00Z')).toBe('29/02/2024')
})

test('empty or invalid dates format as an empty string', () => {
  expect(formatDate(null)).toBe('')
  expect(formatDate(undefined)).toBe('')
  expect(formatDate('')).toBe('')
  expect(formatDate('not a date')).toBe('')
})

test('a short name is left alone', () => {
  expect(shortenName('alice', 10)).toBe('alice')
  expect(shortenName('exactly10!', 10)).toBe('exactly10!')
})

test('a long name is cut and ends with an ellipsis', () => {
  expect(ELLIPSIS).toBe('…')
  expect(shortenName('Streamdeals partner', 10)).toBe('Streamdeal…')
  expect(shortenName('Super Streamer', 6)).toBe('Super…')
})

test('shortening never splits an emoji', () => {
  expect(shortenName('🎮🎮🎮🎮', 2)).toBe('🎮🎮…')
})
