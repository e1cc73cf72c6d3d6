import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'

/** The part of Cloudflare's Turnstile API used here (https://developers.cloudflare.com/turnstile/). */
interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
let loading: Promise<TurnstileApi> | null = null

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('no turnstile')))
    script.onerror = () => {
      loading = null
      reject(new Error('turnstile failed to load'))
    }
    document.head.append(script)
  })
  return loading
}

/** The captcha challenge, shown only when the server has Turnstile switched on. */
export function TurnstileChallenge({
  siteKey,
  onToken,
}: {
  siteKey: string
  onToken: (token: string) => void
}) {
  const { t } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const callback = useRef(onToken)
  callback.current = onToken
  useEffect(() => {
    let widget: string | undefined
    let cancelled = false
    loadTurnstile()
      .then((api) => {
        if (cancelled || !container.current) return
        widget = api.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => callback.current(token),
          'expired-callback': () => callback.current(''),
        })
      })
      .catch(() => callback.current(''))
    return () => {
      cancelled = true
      if (widget) window.turnstile?.remove(widget)
    }
  }, [siteKey])
  return (
    <div className="captcha">
      <span className="visually-hidden">{t`Anti-robot check`}</span>
      <div ref={container} />
    </div>
  )
}
