import { type } from 'arktype'
import { expect, test } from 'vitest'
import { Iban } from '#shared/contract/common.ts'
import { ibanCountryCode, ibanLength, ibanProblem, isValidIban } from '#shared/iban-rules.ts'
import { IBANTOOLS_SEPA_CASES } from './fixtures/ibantools-sepa-cases.ts'

// The library's default accepts a Swiss QR-IBAN; a payout is a plain SEPA transfer, which a QR-IBAN
// refuses without a QR reference, so our rule is the library's `{ allowQRIBAN: false }` case.
const qrDefault = (name: string) => name === 'allows QR-IBAN by default'

test('the fixture holds the SEPA-country cases of the library, both kinds', () => {
  expect(IBANTOOLS_SEPA_CASES.length).toBe(44)
  expect(IBANTOOLS_SEPA_CASES.filter((c) => c.valid).length).toBeGreaterThan(30)
  expect(IBANTOOLS_SEPA_CASES.filter((c) => !c.valid).length).toBeGreaterThan(5)
})

test.each(IBANTOOLS_SEPA_CASES.filter((c) => !qrDefault(c.name)))(
  'ibantools case "$name" ($iban): our rule says valid=$valid',
  ({ iban, valid }) => {
    expect(isValidIban(iban)).toBe(valid)
  },
)

test('the QR-IBAN the library accepts by default is refused, saying why', () => {
  expect(ibanProblem('CH4431999123000889012')).toBe('qr')
})

test('GB00HLFX11016111455365 (check digits 00) is refused for its check digits', () => {
  expect(ibanProblem('GB00HLFX11016111455365')).toBe('checksum')
})

test('ES8350210036679521296135 (wrong Spanish national check digits) is refused', () => {
  expect(ibanProblem('ES8350210036679521296135')).toBe('checksum')
})

test.each([
  'FR7630006000011234567890189',
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'BE68539007547034',
  'NO9386011117947',
  'MT84MALT011000012345MTLCAST001S',
])('the SEPA IBAN %s is valid', (iban) => {
  expect(ibanProblem(iban)).toBeNull()
})

test('IBANs are accepted with spaces, dashes and lower case', () => {
  expect(isValidIban('fr76 3000 6000 0112 3456 7890 189')).toBe(true)
  expect(isValidIban('DE89-3704-0044-0532-0130-00')).toBe(true)
})

test('a typo in an IBAN is a check-digit problem', () => {
  expect(ibanProblem('FR7730006000011234567890189')).toBe('checksum')
  expect(ibanProblem('DE89370400440532013001')).toBe('checksum')
})

test('an IBAN of the wrong length or characters for its country is a format problem', () => {
  expect(ibanLength('FR')).toBe(27)
  expect(ibanProblem('DE893704004405320130000')).toBe('format')
  expect(ibanProblem('FR763000600001123456789018')).toBe('format')
  expect(ibanProblem('FR76 3000 6000 0112 3456 7890 18!')).toBe('format')
})

test('valid IBANs of countries outside SEPA are refused as such, whatever the country', () => {
  for (const iban of ['SA0380000000608010167519', 'RS35260005601001611379', 'BY13NBRB3600900000002Z00AB00']) {
    expect(ibanProblem(iban)).toBe('sepa')
  }
})

test('something that is not an IBAN has no country', () => {
  expect(ibanProblem('XX00123456789')).toBe('country')
  expect(ibanProblem('')).toBe('country')
  expect(ibanProblem('7630006000011234567890189FR')).toBe('country')
  expect(ibanCountryCode('de89 3704')).toBe('DE')
  expect(ibanCountryCode('12')).toBeNull()
})

test('the contract refuses with the rule that says why, and compacts what it accepts', () => {
  const body = type({ iban: Iban })
  const rule = (iban: string) => {
    const out = body({ iban })
    return out instanceof type.errors ? out[0]?.meta?.rule : 'ok'
  }
  expect(rule('GB00HLFX11016111455365')).toBe('iban_checksum')
  expect(rule('ES8350210036679521296135')).toBe('iban_checksum')
  expect(rule('SA0380000000608010167519')).toBe('iban_sepa')
  expect(rule('FR76300060000112345678901')).toBe('iban_format')
  expect(rule('CH4431999123000889012')).toBe('iban_qr')
  expect(body({ iban: 'de89 3704 0044 0532 0130 00' })).toEqual({ iban: 'DE89370400440532013000' })
})
