import { expect, test } from 'vitest'
import { buildIntegrationLink, NO_LINK } from '#shared/integration-links.ts'

const data = { username: 'alice', dealCode: 'D42' }

test('NO_LINK is a dash', () => {
  expect(NO_LINK).toBe('-')
})

test('CUSTOM_CODE gives the absolute link as is', () => {
  const integration = {
    type: 'CUSTOM_CODE',
    parameters: { ABSOLUTE_LINK: 'https://brand.example/p?x=%username%' },
  }
  expect(buildIntegrationLink(integration, data)).toBe('https://brand.example/p?x=%username%')
})

test('CUSTOM_CODE without an absolute link gives a dash', () => {
  expect(buildIntegrationLink({ type: 'CUSTOM_CODE', parameters: {} }, data)).toBe(NO_LINK)
  expect(buildIntegrationLink({ type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: '' } }, data)).toBe(NO_LINK)
})

test('MIXTE replaces every %username% and nothing else', () => {
  const integration = {
    type: 'MIXTE',
    parameters: { URL: 'https://m.example/%username%?ref=%username%&m=%mission%' },
  }
  expect(buildIntegrationLink(integration, data)).toBe('https://m.example/alice?ref=alice&m=%mission%')
})

test('MIXTE URL-encodes the username', () => {
  const integration = { type: 'MIXTE', parameters: { URL: 'https://m.example/?u=%username%' } }
  expect(buildIntegrationLink(integration, { ...data, username: 'a b&c' })).toBe(
    'https://m.example/?u=a%20b%26c',
  )
})

test('MIXTE without a username gives a dash', () => {
  const integration = { type: 'MIXTE', parameters: { URL: 'https://m.example/%username%' } }
  expect(buildIntegrationLink(integration, { ...data, username: '' })).toBe(NO_LINK)
})

test('LINK replaces every %field% with that field of the data', () => {
  const integration = {
    type: 'LINK',
    parameters: { URL: 'https://l.example/%username%/%dealCode%?c=%campaign%&n=%count%' },
  }
  expect(buildIntegrationLink(integration, { ...data, campaign: 'spring sale', count: 3 })).toBe(
    'https://l.example/alice/D42?c=spring%20sale&n=3',
  )
})

test('LINK with a placeholder the data lacks gives a dash', () => {
  const integration = { type: 'LINK', parameters: { URL: 'https://l.example/%username%/%unknown%' } }
  expect(buildIntegrationLink(integration, data)).toBe(NO_LINK)
  expect(buildIntegrationLink(integration, { ...data, unknown: undefined })).toBe(NO_LINK)
})

test('LINK does not read inherited properties of the data', () => {
  const integration = { type: 'LINK', parameters: { URL: 'https://l.example/%constructor%' } }
  expect(buildIntegrationLink(integration, data)).toBe(NO_LINK)
})

test('LINK without placeholders gives the URL unchanged', () => {
  const integration = { type: 'LINK', parameters: { URL: 'https://l.example/static' } }
  expect(buildIntegrationLink(integration, data)).toBe('https://l.example/static')
})

test('WARGAMING puts username_-_code in both placeholders', () => {
  const integration = {
    type: 'WARGAMING',
    parameters: { URL: 'https://wg.example/?m=%mission%&u=%username%' },
  }
  expect(buildIntegrationLink(integration, data)).toBe('https://wg.example/?m=alice_-_D42&u=alice_-_D42')
})

test('WARGAMING encodes the joined value', () => {
  const integration = { type: 'WARGAMING', parameters: { URL: 'https://wg.example/%mission%' } }
  expect(buildIntegrationLink(integration, { username: 'a/b', dealCode: 'c d' })).toBe(
    'https://wg.example/a%2Fb_-_c%20d',
  )
})

test('WARGAMING needs both the username and the deal code', () => {
  const integration = { type: 'WARGAMING', parameters: { URL: 'https://wg.example/%mission%' } }
  expect(buildIntegrationLink(integration, { username: 'alice', dealCode: '' })).toBe(NO_LINK)
  expect(buildIntegrationLink(integration, { username: '', dealCode: 'D42' })).toBe(NO_LINK)
})

test('SPIKE_LINK puts the deal code in %mission% and the username in %username%', () => {
  const integration = {
    type: 'SPIKE_LINK',
    parameters: { URL: 'https://spike.example/%mission%/%username%' },
  }
  expect(buildIntegrationLink(integration, data)).toBe('https://spike.example/D42/alice')
})

test('SPIKE_LINK encodes both values', () => {
  const integration = {
    type: 'SPIKE_LINK',
    parameters: { URL: 'https://spike.example/?m=%mission%&u=%username%' },
  }
  expect(buildIntegrationLink(integration, { username: 'é?', dealCode: '#1' })).toBe(
    'https://spike.example/?m=%231&u=%C3%A9%3F',
  )
})

test('a value that looks like a placeholder is not replaced again', () => {
  const integration = { type: 'SPIKE_LINK', parameters: { URL: 'https://s.example/%mission%/%username%' } }
  expect(buildIntegrationLink(integration, { username: 'bob', dealCode: '%username%' })).toBe(
    'https://s.example/%25username%25/bob',
  )
})

test('replacement patterns in values are taken literally', () => {
  const integration = { type: 'MIXTE', parameters: { URL: 'https://m.example/%username%' } }
  expect(buildIntegrationLink(integration, { ...data, username: "$&$'" })).toBe(
    "https://m.example/%24%26%24'",
  )
})

test.each(['MIXTE', 'LINK', 'WARGAMING', 'SPIKE_LINK'])('%s without a URL gives a dash', (type) => {
  expect(buildIntegrationLink({ type, parameters: {} }, data)).toBe(NO_LINK)
  expect(buildIntegrationLink({ type, parameters: { URL: '' } }, data)).toBe(NO_LINK)
  expect(buildIntegrationLink({ type }, data)).toBe(NO_LINK)
  expect(buildIntegrationLink({ type, parameters: null }, data)).toBe(NO_LINK)
})

test('an unknown type gives a dash', () => {
  expect(buildIntegrationLink({ type: 'IFRAME', parameters: { URL: 'https://x.example' } }, data)).toBe(
    NO_LINK,
  )
  expect(buildIntegrationLink({ type: 'mixte', parameters: { URL: 'https://x.example' } }, data)).toBe(
    NO_LINK,
  )
  expect(buildIntegrationLink({ type: '', parameters: {} }, data)).toBe(NO_LINK)
})

test('no integration or no data gives a dash', () => {
  expect(buildIntegrationLink(null, data)).toBe(NO_LINK)
  expect(buildIntegrationLink(undefined, data)).toBe(NO_LINK)
  expect(
    buildIntegrationLink({ type: 'CUSTOM_CODE', parameters: { ABSOLUTE_LINK: 'https://a.example' } }, null),
  ).toBe(NO_LINK)
})
