/** Attacker's tests: only http(s) links are stored or handed out, whatever trick the text uses. */
import { type } from 'arktype'
import { expect, test } from 'vitest'
import { TwitchConnectBody } from '#shared/contract/auth.ts'
import { formErrorsFromArk } from '#shared/contract/form-error-tree.ts'
import { buildIntegrationLink, NO_LINK } from '#shared/integration-links.ts'
import { isHttpUrl, isLinkParameter, isLinkTemplate } from '#shared/link-rules.ts'

const notLinks = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://brand.example/uuid',
  'file:///etc/passwd',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https:/\\evil.example',
  'https:///evil.example',
  'https://brand.example@evil.example',
  'https://brand.example/\u200b',
  'https://brand.example /x',
  '',
  `https://brand.example/${'a'.repeat(2048)}`,
]

test.each(notLinks)('%j is neither an http(s) URL nor a link template', (value) => {
  expect(isHttpUrl(value)).toBe(false)
  expect(isLinkTemplate(value)).toBe(false)
})

test('templates pass whatever their placeholders stand for, wherever they are', () => {
  expect(isLinkTemplate('https://spike.example/%mission%?ref=%username%')).toBe(true)
  expect(isLinkTemplate('https://%username%.brand.example/')).toBe(true)
  expect(isLinkTemplate('brand.example/go?u=%username%')).toBe(true)
  expect(isLinkTemplate('%username%')).toBe(false)
  expect(isLinkTemplate('%scheme%://brand.example')).toBe(false)
})

test('an OAuth redirect must be an absolute http(s) URL; localhost is fine', () => {
  const refused = TwitchConnectBody({ code: 'c', redirectUri: 'javascript:alert(1)' })
  expect(refused).toBeInstanceOf(type.errors)
  if (refused instanceof type.errors) {
    expect(formErrorsFromArk(refused)).toEqual({ children: { redirectUri: { errors: ['validation.url'] } } })
  }
  const local = { code: 'c', redirectUri: 'http://localhost:5173/dashboard/account' }
  expect(TwitchConnectBody(local)).toEqual(local)
})

test('link parameters are named URL, ABSOLUTE_LINK or end so; other parameters are free text', () => {
  expect(['URL', 'ABSOLUTE_LINK', 'LANDING_URL', 'SHOP_LINK'].every(isLinkParameter)).toBe(true)
  expect(['CODE', 'URLS', 'LINKED', 'CURL_OPTS'].some(isLinkParameter)).toBe(false)
})

test.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/%username%'])(
  'an integration link stored as %j is never handed out',
  (stored) => {
    const data = { username: 'alice', dealCode: 'D42' }
    expect(buildIntegrationLink({ type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: stored } }, data)).toBe(
      NO_LINK,
    )
    expect(buildIntegrationLink({ type: 'MIXTE', parameters: { URL: stored } }, data)).toBe(NO_LINK)
  },
)

test('an integration link stored without a scheme is handed out over https', () => {
  const data = { username: 'alice', dealCode: 'D42' }
  expect(
    buildIntegrationLink({ type: 'MIXTE', parameters: { URL: 'brand.example/go?u=%username%' } }, data),
  ).toBe('https://brand.example/go?u=alice')
})
