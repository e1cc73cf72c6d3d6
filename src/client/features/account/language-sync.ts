/**
 * The account's saved language follows the app's: what the server sends the user without a request
 * to answer (e-mails, socket pushes, the goal widget) is in the language they last used the app in.
 * Registered from app-features.ts.
 */
import { onlineManager } from '@tanstack/react-query'
import { currentUser, getSession, subscribeSession } from '#client/lib/session.ts'
import { updateAccount } from './mutations'

let following: (() => void) | null = null

/** Saves the active language on the signed-in account whenever the two differ; idempotent. */
export function registerLanguageSync(): void {
  if (following) return
  let sending: string | null = null
  following = subscribeSession(() => {
    const user = currentUser()
    const { language } = getSession()
    if (!user || user.locale === language || !onlineManager.isOnline()) return
    const change = `${user.id}:${language}`
    if (sending === change) return
    sending = change
    updateAccount(user.username, { locale: language })
      .catch(() => undefined)
      .finally(() => {
        if (sending === change) sending = null
      })
  })
}
