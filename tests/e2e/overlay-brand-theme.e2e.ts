/**
 * The partner's theme, as its owner picks it in the brand portal, is what the overlay studio previews
 * under "Partner's theme" (theme=brand), and what the copied overlay URL shows in OBS.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { sendFrom } from './built-server'
import { storeSession } from './stored-session'

const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310)}`
const shots = process.env.OVERLAY_SHOTS ?? join(import.meta.dirname, 'artifacts', 'overlays')
// A mission of the seeded Nova Games, whose demo owner is `nova-games-brand` (seed-brands.ts).
const MISSION = 'starfall-wishlist'
const PROVIDER = 'nova-games'

async function signedIn(browser: Browser, code: string, user: unknown): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies([{ name: 'i18n_cookie', value: 'en', url: base }])
  await storeSession(context, code, user)
  return context.newPage()
}

/** What a viewer sees of a theme: the box's background and its lettering. */
const look = (box: Element) => {
  const style = getComputedStyle(box)
  return `${style.backgroundColor} ${style.backgroundImage} ${style.fontFamily}`
}

/** The brand's owner saves `theme` in the portal's profile form. */
async function saveTheme(owner: Page, theme: string) {
  await owner.goto(`/dashboard/provider/${PROVIDER}`)
  const form = owner.getByRole('form', { name: 'Brand profile' })
  await form.getByLabel('Widget theme').selectOption(theme)
  await form.getByRole('button', { name: 'Save the profile' }).click()
  await expect(owner.getByText('Profile saved')).toBeVisible()
}

test('the studio previews the overlays in the theme the brand chose in its portal', async ({ browser }) => {
  const signin = await sendFrom(base, 'POST', '/api/oauth/signin', {
    from: '127.0.0.131',
    body: { username: `${PROVIDER}-brand`, plainPassword: 'Demo-brand-2026' },
  })
  expect(signin.status).toBe(200)
  const owner = await signedIn(browser, signin.body.code as string, signin.body.user)
  await owner.goto(`/dashboard/provider/${PROVIDER}`)
  const original = await owner
    .getByRole('form', { name: 'Brand profile' })
    .getByLabel('Widget theme')
    .inputValue()
  const chosen = original === 'arcade' ? 'spike' : 'arcade'

  const username = `brandtheme${Date.now().toString(36)}`
  const signup = await sendFrom(base, 'POST', '/api/oauth/signup', {
    from: '127.0.0.132',
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBe(201)
  const taken = await sendFrom(base, 'POST', `/api/deals/subscriptions/${MISSION}/${username}`, {
    from: '127.0.0.132',
    headers: { authorization: `Bearer ${signup.body.code as string}` },
  })
  expect(taken.status).toBe(201)
  const streamer = await signedIn(browser, signup.body.code as string, signup.body.user)
  const goalBox = streamer.frameLocator('[data-testid="overlay-preview-goal"]').getByTestId('goal-widget')
  const ctaBox = streamer.frameLocator('[data-testid="overlay-preview-cta"]').locator('[data-overlay] > *')
  try {
    await streamer.goto(`/dashboard/deal/inprogress/${MISSION}/tools`)
    await streamer.getByTestId('overlay-studio').scrollIntoViewIfNeeded()
    await expect(streamer.getByTestId('overlay-theme')).toHaveValue('brand')
    await expect(goalBox).toHaveClass(new RegExp(`goal-widget-theme-${original}\\b`))
    const before = await goalBox.evaluate(look)

    await saveTheme(owner, chosen)
    await streamer.reload()
    await streamer.getByTestId('overlay-studio').scrollIntoViewIfNeeded()
    await expect(goalBox).toHaveClass(new RegExp(`goal-widget-theme-${chosen}\\b`))
    await expect(ctaBox).toHaveClass(new RegExp(`goal-widget-theme-${chosen}\\b`))
    // The look itself changed, not only a class name.
    expect(await goalBox.evaluate(look)).not.toBe(before)
    await expect(streamer.getByTestId('widget-url')).toHaveValue(/theme=brand/)
    mkdirSync(shots, { recursive: true })
    await streamer
      .getByTestId('overlay-studio')
      .screenshot({ path: join(shots, `studio-brand-${chosen}.png`) })

    // A plain theme chosen in the studio replaces the partner's in the preview and the URL.
    await streamer.getByTestId('overlay-theme').selectOption('dark')
    await expect(streamer.getByTestId('widget-url')).toHaveValue(/theme=dark/)
    await expect(goalBox).toHaveClass(/overlay-theme-dark/)
  } finally {
    // Other tests of the run see the seeded brand as it was.
    await saveTheme(owner, original)
    await owner.context().close()
    await streamer.context().close()
  }
})
