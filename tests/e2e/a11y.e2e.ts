import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { clientRoutePaths, fillRoute } from '../support/client-routes'

// axe-core on every page of the route tree (so pages added later are covered), signed out and signed in,
// at desktop and phone width: no serious or critical violation of WCAG 2.1 A/AA.

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const

const samples = { code: 'SAMPLE', status: 'inprogress', username: 'someone' }
const pages = clientRoutePaths().map((template) => fillRoute(template, samples))

interface SignedIn {
  token: string
  user: unknown
}

let account: SignedIn | null = null
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

// One test per viewport and session state, walking every page in one browser page: a fresh context
// per page would cost more than the checks themselves. Soft assertions report every failing page.
for (const [viewportName, viewport] of Object.entries(viewports)) {
  test(`every page signed out at ${viewportName} width has no serious accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(pages.length * 15_000)
    await page.setViewportSize(viewport)
    for (const path of pages) {
      await visit(page, path)
      expect.soft(await seriousViolations(page), `${path} at ${viewportName}, signed out`).toEqual([])
    }
  })

  test(`every page signed in at ${viewportName} width has no serious accessibility violation`, async ({
    page,
  }) => {
    test.skip(!account, `signed-in pages need a working sign-up (${signupProblem})`)
    test.setTimeout(pages.length * 15_000)
    await page.setViewportSize(viewport)
    await page.addInitScript((session) => {
      localStorage.setItem('token', session.token)
      localStorage.setItem('user', JSON.stringify(session.user))
    }, account as SignedIn)
    // Logout would end the session for the pages after it; it is checked signed out.
    for (const path of pages.filter((entry) => entry !== '/logout')) {
      await visit(page, path)
      expect.soft(await seriousViolations(page), `${path} at ${viewportName}, signed in`).toEqual([])
    }
  })
}

// The brand portal's pages with real content: the route walk above only meets their
// redirects, since a streamer is no brand member. An admin may open every brand's portal.
const brandPages = [
  '/dashboard/provider',
  '/dashboard/provider/new',
  '/dashboard/provider/nova-games',
  '/dashboard/provider/nova-games/missions/new',
  '/dashboard/provider/nova-games/missions/starfall-wishlist',
]

for (const [viewportName, viewport] of Object.entries(viewports)) {
  test(`the brand portal at ${viewportName} width has no serious accessibility violation`, async ({
    page,
    request,
  }) => {
    const signin = await request.post('/api/oauth/signin', {
      data: { username: 'admin', plainPassword: 'Admin-password-1' },
    })
    expect(signin.ok()).toBe(true)
    const admin = (await signin.json()) as { code: string; user: unknown }
    await page.setViewportSize(viewport)
    await page.addInitScript(
      (session) => {
        localStorage.setItem('token', session.token)
        localStorage.setItem('user', JSON.stringify(session.user))
      },
      { token: admin.code, user: admin.user },
    )
    for (const path of brandPages) {
      await visit(page, path)
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      expect.soft(await seriousViolations(page), `${path} at ${viewportName}, as an admin`).toEqual([])
    }
  })
}
