import { expect, test } from 'vitest'
import {
  isStrongPassword,
  isValidUrl,
  isValidUsername,
  maskIban,
  normalizeIban,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#shared/validation-rules.ts'

test('the password minimum is 8', () => {
  expect(PASSWORD_MIN_LENGTH).toBe(8)
})

test('a password of 8 characters with upper, lower and digit is strong', () => {
  expect(isStrongPassword('Abcdefg1')).toBe(true)
})

test('a password of 7 characters is not strong even with every class', () => {
  expect(isStrongPassword('Abcdef1')).toBe(false)
})

test('a password missing a digit, an upper or a lower case letter is not strong', () => {
  expect(isStrongPassword('Abcdefgh')).toBe(false)
  expect(isStrongPassword('abcdefg1')).toBe(false)
  expect(isStrongPassword('ABCDEFG1')).toBe(false)
  expect(isStrongPassword('')).toBe(false)
})

test('long passphrases are accepted up to the maximum', () => {
  expect(isStrongPassword(`Aa1${'x'.repeat(61)}`)).toBe(true)
  expect(isStrongPassword(`Aa1${'x'.repeat(200)}`)).toBe(true)
  expect(isStrongPassword(`Aa1${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toBe(true)
  expect(isStrongPassword(`Aa1${'x'.repeat(PASSWORD_MAX_LENGTH - 2)}`)).toBe(false)
})

test('accented capitals and spaces count in a password', () => {
  expect(isStrongPassword('Été sous 2 soleils')).toBe(true)
})

test('usernames allow letters, digits, underscore, dash and dot, 3 to 32 long', () => {
  expect(isValidUsername('a.b-c_9')).toBe(true)
  expect(isValidUsername('abc')).toBe(true)
  expect(isValidUsername('x'.repeat(32))).toBe(true)
  expect(isValidUsername('ab')).toBe(false)
  expect(isValidUsername('x'.repeat(33))).toBe(false)
  expect(isValidUsername('a b')).toBe(false)
  expect(isValidUsername('a/b')).toBe(false)
  expect(isValidUsername('élodie')).toBe(false)
})

test.each([
  'example.com',
  'http://example.com',
  'https://www.example.co.uk/path/to/page',
  'https://shop.example.com/p?ref=abc&x=1',
  'example.com/path?q=1',
  'https://sub.example.io:8443/x',
])('the url rule accepts %s', (url) => {
  expect(isValidUrl(url)).toBe(true)
})

test.each([
  'localhost',
  'ftp://example.com',
  'https://',
  'https://example',
  'not a url',
  'https://exa mple.com',
  'javascript:alert(1)',
  '',
])('the url rule refuses %s', (url) => {
  expect(isValidUrl(url)).toBe(false)
})

test('normalizeIban compacts and upper-cases', () => {
  expect(normalizeIban(' fr76 3000-6000 ')).toBe('FR7630006000')
})

test('maskIban keeps the country, check digits and last four only', () => {
  expect(maskIban('FR7630006000011234567890189')).toBe('FR76 •••• •••• 0189')
  expect(maskIban('de89 3704 0044 0532 0130 00')).toBe('DE89 •••• •••• 3000')
  expect(maskIban('FR7630006000011234567890189')).not.toContain('3000600001')
})

test('maskIban hides a too-short value completely', () => {
  expect(maskIban('FR76')).toBe('•••• ••••')
})
