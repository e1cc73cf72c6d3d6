import { expect, test } from 'vitest'
import {
  type EndpointName,
  endpoint,
  endpoints,
  MissingEndpointParameterError,
  routePath,
} from '#shared/endpoints.ts'

const wallet = '/api/wallets/user/{username}'
const userDeal = '/api/deals/user/{username}/mission/{code}'

/** The public API's calls, kept as clients already call them ("..." rows expanded to their full path). */
const publicCalls: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/api/resources/translation/{domain}/{local}'],
  ['POST', '/api/oauth/signup'],
  ['POST', '/api/oauth/signin'],
  ['POST', '/api/oauth/recovery'],
  ['PUT', '/api/user/{user}'],
  ['GET', wallet],
  ['POST', wallet],
  ['PUT', wallet],
  ['GET', `${wallet}/transactions`],
  ['GET', `${wallet}/transactions/{transactionId}`],
  ['POST', `${wallet}/payout`],
  ['POST', `${wallet}/bank-account`],
  ['PUT', `${wallet}/bank-account/{bankId}/unactivate`],
  ['PUT', `${wallet}/bank-account/{bankId}/default`],
  ['POST', `${wallet}/kyc`],
  ['GET', `${wallet}/onboarding`],
  ['GET', '/api/deals/missions'],
  ['GET', '/api/deals/missions/{code}'],
  ['GET', '/api/deals/user/{username}/missions'],
  ['GET', userDeal],
  ['GET', `${userDeal}/triggers`],
  ['PUT', `${userDeal}/stopped`],
  ['GET', `${userDeal}/invoice`],
  ['GET', '/api/deals/subscriptions/{code}/{username}'],
  ['POST', '/api/deals/subscriptions/{code}/{username}'],
  ['POST', '/api/deals/subscriptions/check/{code}/{username}'],
  ['GET', '/api/access/admin/{token}'],
  ['GET', '/api/widgets/widget/{token}'],
  ['POST', '/api/core/contact'],
  ['GET', '/api/core/selection/{id}'],
  ['POST', '/api/partner/twitch/connect'],
  ['GET', '/api/user/{username}/plateform'],
  ['DELETE', '/api/user/{username}/plateform/{code}/{reference}'],
  ['POST', '/api/newsletter/user'],
  ['PUT', '/api/newsletter/token/{token}'],
]

/** Calls the app needs beside them (logout, verification, admin reviews), kept at these paths. */
const impliedCalls: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/api/oauth/logout'],
  ['POST', '/api/oauth/verify'],
  ['POST', '/api/oauth/reset'],
  ['GET', '/api/admin/kyc'],
  ['PUT', '/api/admin/kyc/{id}'],
  ['GET', '/api/admin/payouts'],
  ['PUT', '/api/admin/payouts/{id}'],
  ['POST', '/api/admin/wallets/{username}/adjustments'],
  ['PUT', '/api/admin/deals/{code}/state'],
]

const rows = Object.values(endpoints).map((row) => `${row.method} ${row.path}`)

test.each(publicCalls)('the table has the public call %s %s', (method, path) => {
  expect(rows).toContain(`${method} ${path}`)
})

test.each(impliedCalls)('the table has the implied call %s %s', (method, path) => {
  expect(rows).toContain(`${method} ${path}`)
})

test('no two rows share a method and path', () => {
  expect(new Set(rows).size).toBe(rows.length)
})

test('every path is under /api and uses well-formed placeholders', () => {
  for (const { path } of Object.values(endpoints)) {
    expect(path).toMatch(/^\/api\//)
    expect(path.replace(/\{\w+\}/g, '')).not.toMatch(/[{}:]/)
  }
})

test('admin routes are admin-only and the owner rows name their owner', () => {
  for (const [name, row] of Object.entries(endpoints)) {
    if (row.path.startsWith('/api/admin/')) expect(row.access, name).toBe('admin')
    if (row.access === 'owner') expect(row.path, name).toMatch(/\{(username|user)\}/)
  }
})

test('endpoint fills every placeholder', () => {
  expect(endpoint('userDeal', { username: 'alice', code: 'D42' })).toBe('/api/deals/user/alice/mission/D42')
  expect(endpoint('translation', { domain: 'faq', local: 'fr' })).toBe('/api/resources/translation/faq/fr')
  expect(endpoint('walletTransaction', { username: 'bob', transactionId: 7 })).toBe(
    '/api/wallets/user/bob/transactions/7',
  )
})

test('endpoint without placeholders needs no parameters', () => {
  expect(endpoint('missions')).toBe('/api/deals/missions')
  expect(endpoint('signin')).toBe('/api/oauth/signin')
})

test('endpoint URL-encodes parameter values', () => {
  expect(endpoint('walletGet', { username: 'a b/c' })).toBe('/api/wallets/user/a%20b%2Fc')
  expect(endpoint('platformDelete', { username: 'x', code: 'twitch', reference: '?#&' })).toBe(
    '/api/user/x/plateform/twitch/%3F%23%26',
  )
})

test('a missing parameter throws an error naming it', () => {
  const call = () => endpoint('userDeal', { username: 'alice' } as never)
  expect(call).toThrow(MissingEndpointParameterError)
  expect(call).toThrow(/"code"/)
  try {
    call()
  } catch (error) {
    expect(error).toBeInstanceOf(MissingEndpointParameterError)
    expect((error as MissingEndpointParameterError).parameter).toBe('code')
    expect((error as MissingEndpointParameterError).endpointName).toBe('userDeal')
  }
})

test('an empty or absent parameter object is refused too', () => {
  expect(() => endpoint('walletGet', { username: '' })).toThrow(/"username"/)
  expect(() => endpoint('walletGet', undefined as never)).toThrow(MissingEndpointParameterError)
})

test('routePath gives the Fastify syntax', () => {
  expect(routePath('userDeal')).toBe('/api/deals/user/:username/mission/:code')
  expect(routePath('platformDelete')).toBe('/api/user/:username/plateform/:code/:reference')
  expect(routePath('missions')).toBe('/api/deals/missions')
})

test('routePath works for every row', () => {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    expect(routePath(name)).not.toMatch(/[{}]/)
  }
})
