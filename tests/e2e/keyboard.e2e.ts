/**
 * Keyboard only, since every page must work without a mouse: a new visitor registers through the modal
 * and takes a mission without touching the mouse, moving with Tab and acting with Enter.
 */
import { expect, type Page, test } from '@playwright/test'

const MISSION_TITLE = 'Wishlist the Starfall expansion'
// More stops than any page of ours has before the control we look for: a missing control fails fast.
const MAX_TAB_STOPS = 80

/** The name a person hears for the focused element: its label, aria-label or text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return ''
    const input = element as HTMLInputElement
    const label = input.labels?.[0]?.textContent ?? ''
    return (element.getAttribute('aria-label') ?? (label || element.textContent || '')).trim()
  })

async function tabTo(page: Page, name: RegExp): Promise<void> {
  const seen: string[] = []
  for (let stop = 0; stop < MAX_TAB_STOPS; stop++) {
    await page.keyboard.press('Tab')
    const current = await focusedName(page)
    if (name.test(current)) return
    seen.push(current)
  }
  throw new Error(`no control named ${name} within ${MAX_TAB_STOPS} tab stops; saw: ${seen.join(' | ')}`)
}

test('a new visitor registers and takes a mission with the keyboard alone', async ({ page }) => {
  const username = `keys${Date.now().toString(36)}`
  await page.goto('/', { waitUntil: 'networkidle' })

  await tabTo(page, /^Sign up$/)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Username')).toBeVisible()

  await tabTo(page, /^Username/)
  await page.keyboard.type(username)
  await tabTo(page, /^E-mail/)
  await page.keyboard.type(`${username}@example.test`)
  await tabTo(page, /^Password/)
  await page.keyboard.type('Keyboard-only-1')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard\/deal$/)

  await page.waitForLoadState('networkidle')
  await tabTo(page, new RegExp(`^Take the mission ${MISSION_TITLE}$`))
  await page.keyboard.press('Enter')
  // The confirmation opens on its "Yes, take it": Enter takes the mission.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Yes, take it' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard\/deal\/inprogress\/starfall-wishlist\/tools$/)
  await expect(page.getByTestId('tracked-link')).toHaveValue(
    new RegExp(`/redir/cpc/starfall-wishlist/${username}$`),
  )
})
