import fc from 'fast-check'
import { expect, test } from 'vitest'
import { parseEuroAmount } from '#client/lib/forms/euro-amount.ts'

const NBSP = '\u00a0'
const NNBSP = '\u202f'

const cents = (text: string) => {
  const read = parseEuroAmount(text)
  return read.ok ? read.cents : read.error
}

test('a comma or a dot before the cents reads the same ("12,50" was refused by the payout form)', () => {
  expect(cents('12,50')).toBe(1250)
  expect(cents('12.50')).toBe(1250)
  expect(cents('12,5')).toBe(1250)
  expect(cents('0,05')).toBe(5)
  expect(cents('25')).toBe(2500)
  expect(cents(' 25 ')).toBe(2500)
})

test('thousands grouped with spaces, dots or commas, and the euro sign, are read ("1 200.5 €" too)', () => {
  expect(cents('1 200.5 €')).toBe(120050)
  expect(cents('1 200,50 €')).toBe(120050)
  expect(cents(`1${NNBSP}200,50${NBSP}€`)).toBe(120050)
  expect(cents(`1${NBSP}200`)).toBe(120000)
  expect(cents('1,200.50')).toBe(120050)
  expect(cents('1.200,50')).toBe(120050)
  expect(cents('1.200.000')).toBe(120000000)
  expect(cents('1,234,567.89')).toBe(123456789)
  expect(cents('€10')).toBe(1000)
  expect(cents('€ 10')).toBe(1000)
  expect(cents('10€')).toBe(1000)
})

test('"1,200" and "1.200" are refused as ambiguous: a thousand in one language, 1.2 in another', () => {
  expect(cents('1,200')).toBe('amount.ambiguous')
  expect(cents('1.200')).toBe('amount.ambiguous')
  expect(cents('€999.000')).toBe('amount.ambiguous')
  // Something else tells which it is: not ambiguous.
  expect(cents('0,500')).toBe('amount.precision')
  expect(cents('1,200.00')).toBe(120000)
  expect(cents('1 200,5')).toBe(120050)
})

test('malformed amounts are refused with a key saying why, never read as another number', () => {
  expect(cents('')).toBe('validation.required')
  expect(cents(`  ${NBSP}`)).toBe('validation.required')
  for (const text of [
    'abc',
    '-5',
    '+5',
    '12.',
    ',50',
    '1e3',
    '12 50',
    '1,2,3',
    '1.200,50.5',
    '€10€',
    '12 EUR',
    '€',
  ]) {
    expect(cents(text), text).toBe('amount.invalid')
  }
  expect(cents('12,5055')).toBe('amount.precision')
  expect(cents('12,505')).toBe('amount.ambiguous')
  expect(cents('1234,567')).toBe('amount.precision')
  expect(cents('1234567890')).toBe('amount.too_large')
  expect(cents('999 999 999,99')).toBe(99999999999)
})

const typedLocales = ['fr-FR', 'en-US', 'en-GB', 'es-ES', 'en-IE', 'fr-BE']

test('whatever Intl writes for an amount in French, English or Spanish reads back to the same cents', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 99_999_999_999 }),
      fc.constantFrom(...typedLocales),
      fc.boolean(),
      (amount, locale, currency) => {
        const format = new Intl.NumberFormat(locale, {
          ...(currency ? { style: 'currency', currency: 'EUR' } : {}),
          minimumFractionDigits: 2,
        })
        expect(cents(format.format(amount / 100))).toBe(amount)
      },
    ),
    { numRuns: 3000 },
  )
})

test('an amount typed without its cents is read right or refused as ambiguous, never misread', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 99_999_999_999 }),
      fc.constantFrom(...typedLocales),
      (amount, locale) => {
        const typed = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount / 100)
        const read = parseEuroAmount(typed)
        if (read.ok) expect(read.cents).toBe(amount)
        else expect(read.error).toBe('amount.ambiguous')
      },
    ),
    { numRuns: 3000 },
  )
})
