/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it differs from the page's own (empty or unset: same origin). */
  readonly VITE_API_URL?: string
  readonly VITE_STRIPE_PUBLIC_KEY?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
