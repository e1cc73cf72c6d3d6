import { expect, test } from 'vitest'
import { isServerPath } from '#client/sw/server-paths.ts'

test('an installed app lets a shared tracked link through to the server, which counts the click', () => {
  expect(isServerPath('/redir/cpc/starfall-launch/ada')).toBe(true)
  expect(isServerPath('/redir/cpc/starfall-launch/ada/')).toBe(true)
  expect(isServerPath('/api/deals/user/ada')).toBe(true)
})

test('the app’s own pages, the check landing included, still open from the cached shell', () => {
  for (const path of ['/', '/dashboard/deal', '/redir/check/starfall-launch/ada', '/redir/cpc', '/apis']) {
    expect(isServerPath(path), path).toBe(false)
  }
})
