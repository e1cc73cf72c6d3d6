/**
 * The time zone rule of every "per day" query: valid IANA names pass (remembered after the first
 * check), anything else is refused, however often it is asked and whatever was asked before.
 */
import { type } from 'arktype'
import { expect, test } from 'vitest'
import { TimeZone } from '#shared/contract/common.ts'

const accepts = (value: string) => !(TimeZone(value) instanceof type.errors)

test('known names pass, the second time as the first, in any letter case', () => {
  for (let round = 0; round < 2; round++) {
    expect(accepts('Europe/Paris')).toBe(true)
    expect(accepts('America/Argentina/Buenos_Aires')).toBe(true)
    expect(accepts('UTC')).toBe(true)
  }
  expect(accepts('europe/PARIS')).toBe(true)
})

test('unknown names are refused, also after a valid one was remembered', () => {
  expect(accepts('Europe/Paris')).toBe(true)
  for (let round = 0; round < 2; round++) {
    expect(accepts('Europe/Pariss')).toBe(false)
    expect(accepts('Nowhere/Land')).toBe(false)
    expect(accepts('../../etc/passwd')).toBe(false)
  }
})
