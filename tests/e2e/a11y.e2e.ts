import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { clientRoutePaths, fillRoute } from '../support/client-routes'

// axe-core on every page of the route tree (so pages added later are covered), signed out and signed in,
// at desktop and phone width: no serious or critical violation of WCAG 2.1 A/AA.

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const

const samples = { code: 'SAMPLE', status: 'inprogress', username: 'someone' }
const pages = clientRoutePaths().map((template) => fillRoute(template, samples))

/** A signed-in session as the app keeps it in localStorage. */
interface Session {
  token: string
  user: unknown
}

let account: Session | null = null
let signupProblem = ''

test.beforeAll(async ({ request }) => {
  const username = `a11y_${Date.now().toString(36)}`
  const response = await request.post('/api/oauth/signup', {
    data: { username, email: `${username}@example.test`, plainPassword: 'Password-123' },
  })
  if (response.ok()) {
    const body = (await response.json()) as { code: string; user: unknown }
    account = { token: body.code, user: body.user }
  } else {
    signupProblem = `sign-up answered ${response.status()}`
  }
})

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
}

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' })
  // Lazy routes render after their chunk arrives; the document must have settled into a page.
  await expect(page.locator('body')).not.toBeEmpty()
}

/**
 * Walks `paths` at both widths at once, one browser context per width: the checks are the same, and
 * while one page waits for the network to go quiet the other runs axe. Soft assertions report every
 * failing page.
 */
async function walkBothWidths(
  { browser, baseURL }: { browser: Browser; baseURL: string | undefined },
  paths: readonly string[],
  state: string,
  session: Session | null,
  onPage?: (page: Page, path: string) => Promise<void>,
) {
  await Promise.all(
    Object.entries(viewports).map(async ([viewportName, viewport]) => {
      // A context made here gets none of the config's options: the base URL is passed on.
      const context = await browser.newContext({ viewport, baseURL })
      try {
        if (session)
          await context.addInitScript((signedIn) => {
            localStorage.setItem('token', signedIn.token)
            localStorage.setItem('user', JSON.stringify(signedIn.user))
          }, session)
        const page = await context.newPage()
        for (const path of paths) {
          await visit(page, path)
          await onPage?.(page, path)
          expect.soft(await seriousViolations(page), `${path} at ${viewportName}, ${state}`).toEqual([])
        }
      } finally {
        await context.close()
      }
    }),
  )
}

test('every page signed out, at desktop and phone width, has no serious accessibility violation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(pages.length * 15_000)
  await walkBothWidths({ browser, baseURL }, pages, 'signed out', null)
})

test('every page signed in, at desktop and phone width, has no serious accessibility violation', async ({
  browser,
  baseURL,
}) => {
  test.skip(!account, `signed-in pages need a working sign-up (${signupProblem})`)
  test.setTimeout(pages.length * 15_000)
  // Logout would end the session for the pages after it; it is checked signed out.
  const signedInPages = pages.filter((entry) => entry !== '/logout')
  await walkBothWidths({ browser, baseURL }, signedInPages, 'signed in', account)
})

// The brand portal's pages with real content: the route walk above only meets their
// redirects, since a streamer is no brand member. An admin may open every brand's portal.
const brandPages = [
  '/dashboard/provider',
  '/dashboard/provider/new',
  '/dashboard/provider/nova-games',
  '/dashboard/provider/nova-games/missions/new',
  '/dashboard/provider/nova-games/missions/starfall-wishlist',
]

test('the brand portal, at desktop and phone width, has no serious accessibility violation', async ({
  browser,
  baseURL,
  request,
}) => {
  const signin = await request.post('/api/oauth/signin', {
    data: { username: 'admin', plainPassword: 'Admin-password-1' },
  })
  expect(signin.ok()).toBe(true)
  const admin = (await signin.json()) as { code: string; user: unknown }
  await walkBothWidths(
    { browser, baseURL },
    brandPages,
    'as an admin',
    { token: admin.code, user: admin.user },
    (page, path) => expect(page).toHaveURL(new RegExp(`${path}$`)),
  )
})
