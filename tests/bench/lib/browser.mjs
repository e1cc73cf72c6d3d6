/** Chromium for the bench, with the launch arguments of the end-to-end configuration. */
import { chromium } from '@playwright/test'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Same as tests/e2e/playwright.config.ts: without these, Chromium keeps dialling Google's hosts.
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const launchBrowser = () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })

/** localStorage entries that make the client start signed in as the bench user (session keys). */
export function signedInStorage(user) {
  const self = {
    id: user.id,
    username: user.username,
    email: `${user.username}@example.test`,
    kind: 'streamer',
    roles: ['user'],
    locale: 'en',
    avatar: null,
    phone: null,
    creatorCode: user.username.toUpperCase(),
    sponsor: null,
    emailVerified: true,
    createdAt: new Date().toISOString(),
  }
  return { token: user.token, user: JSON.stringify(self) }
}
