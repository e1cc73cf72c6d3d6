import { useSyncExternalStore } from 'react'
import type { User } from '#shared/contract/auth.ts'
import type { Onboarding, Wallet } from '#shared/contract/wallet.ts'

/**
 * The client session: who is signed in, their wallet, and UI-wide flags. Token, user and wallet
 * live in localStorage (SPEC §3) so a reload, or an offline start of the installed app, keeps the
 * user signed in. A tiny external store instead of a context keeps re-renders to the readers.
 */
export interface SessionState {
  token: string | null
  user: User | null
  wallet: Wallet | null
  language: string
  steps: Onboarding
  loading: boolean
}

export const sessionStorageKeys = { token: 'token', user: 'user', wallet: 'wallet' } as const

const noSteps: Onboarding = {
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

// What a server render sees: nobody signed in. Hydration starts from it, so the server's markup
// matches; React then re-renders at once with the stored session.
const serverSession: SessionState = {
  token: null,
  user: null,
  wallet: null,
  language: 'en',
  steps: noSteps,
  loading: false,
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => serverSession)
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
  update({ token: null, user: null, wallet: null, steps: noSteps })
}

export function setUser(user: User): void {
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

export function setSessionLanguage(language: string): void {
  update({ language })
}

export function setSessionLoading(loading: boolean): void {
  update({ loading })
}

/** Re-reads browser storage: another tab may have signed in or out. */
export function reloadSession(): void {
  update({ ...readState(), language: getSession().language })
}
