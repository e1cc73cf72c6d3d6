/** The platform's legal identity on invoices and statements: demo values, former names, checked values. */
import { expect, test } from 'vitest'
import { legalIdentityFrom } from '#server/config-legal.ts'
import { ConfigError } from '#server/config-values.ts'

test('unset, the demo company is complete: name, address, SIREN and VAT number', () => {
  expect(legalIdentityFrom({})).toEqual({
    name: 'Streamdeals SAS',
    address: ['12 rue de la Paix', '75002 Paris', 'France'],
    country: 'FR',
    registrationNumber: '123 456 824',
    vatNumber: 'FR40123456824',
  })
})

test('the PLATFORM_LEGAL_* names win over the former INVOICE_RECIPIENT_* ones, still read', () => {
  const identity = legalIdentityFrom({
    INVOICE_RECIPIENT_NAME: 'Old SAS',
    INVOICE_RECIPIENT_ADDRESS: '1 rue Ancienne | 75001 Paris',
    PLATFORM_LEGAL_NAME: 'New SAS',
    PLATFORM_LEGAL_SIREN: '552100554',
    PLATFORM_LEGAL_VAT: 'FR66552100554',
  })
  expect(identity.name).toBe('New SAS')
  expect(identity.address).toEqual(['1 rue Ancienne', '75001 Paris'])
  expect(identity.registrationNumber).toBe('552100554')
})

test('a French SIREN must be 9 digits, a VAT number must look like one', () => {
  expect(() => legalIdentityFrom({ PLATFORM_LEGAL_SIREN: '12345' })).toThrow(ConfigError)
  expect(() => legalIdentityFrom({ PLATFORM_LEGAL_SIREN: '12345' })).toThrow(/PLATFORM_LEGAL_SIREN/)
  expect(() => legalIdentityFrom({ PLATFORM_LEGAL_VAT: 'not a number!' })).toThrow(/PLATFORM_LEGAL_VAT/)
  // Another country keeps its own registration format.
  expect(legalIdentityFrom({ PLATFORM_LEGAL_COUNTRY: 'de', PLATFORM_LEGAL_SIREN: 'HRB 12345' }).country).toBe(
    'DE',
  )
})
