import { useSyncExternalStore } from 'react'
import type { User } from '#shared/contract/auth.ts'
import type { Locale } from '#shared/contract/common.ts'
import type { Onboarding, Wallet } from '#shared/contract/wallet.ts'

/**
 * The client session: who is signed in, their wallet, and the UI-wide state that goes with
 * them. Token, user and wallet live in localStorage so a reload, or an offline start of the installed
 * app, keeps the user signed in. A tiny external store instead of a context keeps re-renders to the
 * readers of the field that changed.
 *
 * Each field has its writer and its readers:
 * - `token`, `user`: written at sign-in and sign-out (and when the server answers a new self view);
 *   the token goes out on every call (lib/http, lib/socket); routes read the user from the router
 *   context (lib/router-context), components with `useCurrentUser()`.
 * - `wallet`: written whenever the server answers the wallet; read by the menus and guards.
 * - `language`: the active locale, written when a catalog is activated (lib/i18n); read by every
 *   call's Accept-Language, the language switcher and whoever formats for the user.
 * - `steps`: the onboarding answer (four booleans), written when the onboarding query answers
 *   (features/auth/session-loader.ts); read by the onboarding UI.
 * - `loading`: the signed-in data load after login (wallet, deals, available deals) is under way;
 *   written by that loader, read by the header to show it is busy.
 */
export interface SessionState {
  token: string | null
  user: User | null
  wallet: Wallet | null
  language: Locale
  steps: Onboarding
  loading: boolean
}

export const sessionStorageKeys = { token: 'token', user: 'user', wallet: 'wallet' } as const

export const noSteps: Onboarding = {
  profileComplete: false,
  walletCreated: false,
  bankAccountAdded: false,
  certificationVerified: false,
}

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    // A corrupt entry is as good as none: the user signs in again.
    return null
  }
}

function readState(): SessionState {
  return {
    token: storage()?.getItem(sessionStorageKeys.token) ?? null,
    user: readJson<User>(sessionStorageKeys.user),
    wallet: readJson<Wallet>(sessionStorageKeys.wallet),
    language: 'en',
    steps: noSteps,
    loading: false,
  }
}

let state: SessionState | null = null
const listeners = new Set<() => void>()

/** The whole store, for infrastructure outside React (the token of lib/http and lib/socket). */
export function getSession(): SessionState {
  state ??= readState()
  return state
}

function update(patch: Partial<SessionState>): void {
  state = { ...getSession(), ...patch }
  for (const listener of listeners) listener()
}

function persist(key: string, value: unknown): void {
  const store = storage()
  if (!store) return
  if (value === null || value === undefined) store.removeItem(key)
  else store.setItem(key, typeof value === 'string' ? value : JSON.stringify(value))
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The signed-in user: a stored user without a token is a half-stored session, so nobody. */
export function currentUser(): User | null {
  const { token, user } = getSession()
  return token ? user : null
}

/**
 * One field of the session, re-rendering only when that field changes. What a server render sees
 * (and hydration starts from): nobody signed in, in the locale being rendered; React re-renders at
 * once with the stored session.
 */
function useSessionField<T>(read: () => T, onServer: () => T): T {
  return useSyncExternalStore(subscribeSession, read, onServer)
}

const nobody = () => null
const noWallet = () => null
const idle = () => false
const stepsOnServer = () => noSteps
const language = () => getSession().language

/** The signed-in user, for components (routes get it from the router context). */
export function useCurrentUser(): User | null {
  return useSessionField(currentUser, nobody)
}

export function useSessionWallet(): Wallet | null {
  return useSessionField(() => getSession().wallet, noWallet)
}

/** The active locale. */
export function useSessionLanguage(): Locale {
  return useSessionField(language, language)
}

/** The onboarding answer: profile, wallet, bank account and certification done or not. */
export function useOnboardingSteps(): Onboarding {
  return useSessionField(() => getSession().steps, stepsOnServer)
}

/** True while the signed-in data (wallet, deals, available deals) loads after login. */
export function useSessionLoading(): boolean {
  return useSessionField(() => getSession().loading, idle)
}

export function signIn(code: string, user: User): void {
  persist(sessionStorageKeys.token, code)
  persist(sessionStorageKeys.user, user)
  update({ token: code, user })
}

export function signOut(): void {
  persist(sessionStorageKeys.token, null)
  persist(sessionStorageKeys.user, null)
  persist(sessionStorageKeys.wallet, null)
  update({ token: null, user: null, wallet: null, steps: noSteps, loading: false })
}

/** The server's new self view, or a change to the stored one (nothing when nobody is signed in). */
export function setUser(next: User | ((user: User) => User)): void {
  const current = currentUser()
  const user = typeof next === 'function' ? current && next(current) : next
  if (!user) return
  persist(sessionStorageKeys.user, user)
  update({ user })
}

export function setWallet(wallet: Wallet | null): void {
  persist(sessionStorageKeys.wallet, wallet)
  update({ wallet })
}

export function setSteps(steps: Onboarding): void {
  update({ steps })
}

export function setSessionLanguage(language: Locale): void {
  update({ language })
}

export function setSessionLoading(loading: boolean): void {
  update({ loading })
}

/** Re-reads browser storage: another tab may have signed in or out. */
export function reloadSession(): void {
  const before = getSession()
  const stored = readState()
  // The onboarding answer and the load under way belong to the user they were for.
  const sameUser = stored.user !== null && stored.user.id === before.user?.id
  update({
    ...stored,
    language: before.language,
    ...(sameUser ? { steps: before.steps, loading: before.loading } : {}),
  })
}
