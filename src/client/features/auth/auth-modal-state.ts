import { useSyncExternalStore } from 'react'

export type AuthMode = 'login' | 'registration' | 'recovery'

/**
 * Each mode's value of the `auth` search parameter. The header's "Log in" and "Sign up" are links to
 * `?auth=login` and `?auth=register`: a click made before the app runs is a real navigation, and the
 * modal opens once the app reads the address (as it does for a link someone shared).
 */
export const authParams = {
  login: 'login',
  registration: 'register',
  recovery: 'recover',
} as const satisfies Record<AuthMode, string>
export type AuthParam = (typeof authParams)[AuthMode]

export function authModeOf(param: unknown): AuthMode | null {
  for (const [mode, value] of Object.entries(authParams)) if (value === param) return mode as AuthMode
  return null
}

/**
 * A `redirect` parameter beside `auth`: where signing in leads back to (a guarded page, or the page a
 * session ended on). Only a path of this site: never another origin (`//host`, `/\\host`).
 */
export function isReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value)
}

/** Which auth modal is open, if any: the header, the home page and guards all open it. */
let mode: AuthMode | null = null
/**
 * Why it opened, when that needs saying: the session ended (features/auth/session-end.ts). Kept in
 * the tab's sessionStorage too, so a reload while the modal says so says it again: the reloaded page
 * has no session left that it could find ended.
 */
const sessionEndedKey = 'auth-session-ended'
let sessionEnded = readSessionEnded()

function readSessionEnded(): boolean {
  try {
    return sessionStorage.getItem(sessionEndedKey) !== null
  } catch {
    return false
  }
}

function rememberSessionEnded(ended: boolean): void {
  sessionEnded = ended
  try {
    if (ended) sessionStorage.setItem(sessionEndedKey, '1')
    else sessionStorage.removeItem(sessionEndedKey)
  } catch {
    // Storage disabled (or the server render): this page still knows.
  }
}
/** Where signing in leads back to: the address's `redirect`, followed like `auth`. */
let returnTo: string | null = null
const listeners = new Set<() => void>()
/** Writes the mode into the address; set while the router's layout is mounted (auth-modal-address). */
let writeAddress: ((next: AuthMode | null) => void) | null = null

function show(next: AuthMode | null): void {
  // No modal, no reason: a later opening (the header's "Log in") no longer says the session ended.
  if (!next && sessionEnded) rememberSessionEnded(false)
  if (next === mode) return
  mode = next
  for (const listener of listeners) listener()
}

export function openAuthModal(next: AuthMode): void {
  show(next)
  writeAddress?.(next)
}

export function closeAuthModal(): void {
  show(null)
  writeAddress?.(null)
}

/** The next opening says the session ended; closing the modal forgets it. */
export function noteSessionEnded(): void {
  rememberSessionEnded(true)
}

export const didSessionEnd = (): boolean => sessionEnded

/** The address changed (a link, a shared URL, the back button): the modal follows its `auth` parameter. */
export function followAuthParam(param: unknown, redirect?: unknown): void {
  returnTo = isReturnPath(redirect) ? redirect : null
  show(authModeOf(param))
}

/** The page signing in should lead back to, if the address names one. */
export const returnPath = (): string | null => returnTo

/** Lets the modal's openings and closings update the address; returns the unbinding. */
export function bindAuthModalAddress(write: (next: AuthMode | null) => void): () => void {
  writeAddress = write
  return () => {
    if (writeAddress === write) writeAddress = null
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const read = (): AuthMode | null => mode

export function useAuthModalMode(): AuthMode | null {
  return useSyncExternalStore(subscribe, read, read)
}
