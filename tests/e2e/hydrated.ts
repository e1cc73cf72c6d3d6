import type { Page } from '@playwright/test'

/**
 * Waits until React has hydrated and the router has taken over the server's state (it drops its
 * `$_TSR` global then): the router's links then navigate on the client.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    const started = root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'))
    return started && !('$_TSR' in window)
  })
}
