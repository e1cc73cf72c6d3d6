import type { BrowserContext, Page } from '@playwright/test'

/**
 * Opens the app signed in as the sign-in form leaves the browser (token and user in
 * localStorage), before each document of the context or page, unless a session is already stored
 * (so a session the app itself replaced, after signing in again, is kept).
 */
export async function storeSession(
  target: BrowserContext | Page,
  token: string,
  user: unknown,
): Promise<void> {
  await target.addInitScript(
    ([storedToken, storedUser]) => {
      if (localStorage.getItem('token')) return
      localStorage.setItem('token', storedToken as string)
      localStorage.setItem('user', storedUser as string)
    },
    [token, JSON.stringify(user)],
  )
}
