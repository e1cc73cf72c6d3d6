import { Trans } from '@lingui/react/macro'
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'

// The forms bring react-hook-form (and arktype on submit): they load after the page, never with it.
const importContactForm = () => import('./contact-form').then((module) => ({ default: module.ContactForm }))
const importNewsletterForm = () =>
  import('./newsletter-form').then((module) => ({ default: module.NewsletterForm }))
const ContactFormLazy = lazy(importContactForm)

function Loading() {
  return (
    <p className="muted" role="status">
      <Trans>Loading the form…</Trans>
    </p>
  )
}

/**
 * A form whose code did not arrive (offline, a deploy that replaced its chunk) says so and offers
 * another try, instead of a "Loading" that never ends or the whole page's error screen.
 */
class FormLoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  retry = () => {
    this.props.onRetry()
    this.setState({ failed: false })
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert">
        <p className="field-error">
          <Trans>The form could not be loaded. Check your connection and try again.</Trans>
        </p>
        <button type="button" className="button button-ghost" onClick={this.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
}

export function ContactFormSlot() {
  return (
    <Suspense fallback={<Loading />}>
      <ContactFormLazy />
    </Suspense>
  )
}

// Long after the page settled: the form's code (react-hook-form) must not run while the page is
// still becoming interactive (it cost the home page ~40 ms of blocking time in Lighthouse).
const fallbackDelayMs = 8000
const firstInteractions = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const

/**
 * True once the element comes near the viewport, the visitor first does anything on the page
 * (scrolls, presses a key — a reader jumping by headings —, touches or clicks), or a few seconds after
 * the page settled, whichever is first: the form is ready before the user reaches it, and also for
 * whoever never scrolls to it, where an observer alone left it "Loading".
 */
function useWanted<T extends Element>() {
  const ref = useRef<T>(null)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return setWanted(true)
    const want = () => setWanted(true)
    // 200 px ahead: the form is ready by the time the user reaches it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want()
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    for (const type of firstInteractions) window.addEventListener(type, want, { once: true, passive: true })
    const fallback = window.setTimeout(
      () =>
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(want, { timeout: 2000 })
          : want(),
      fallbackDelayMs,
    )
    return () => {
      observer.disconnect()
      for (const type of firstInteractions) window.removeEventListener(type, want)
      window.clearTimeout(fallback)
    }
  }, [])
  return { ref, wanted }
}

/** A fresh lazy component per attempt: React remembers a rejected lazy import for good. */
function useRetryableLazy(load: () => Promise<{ default: ComponentType }>) {
  const [lazyForm, setLazyForm] = useState(() => lazy(load))
  const retry = useCallback(() => setLazyForm(() => lazy(load)), [load])
  return { LazyForm: lazyForm, retry }
}

export function NewsletterFormSlot() {
  const { ref, wanted } = useWanted<HTMLDivElement>()
  const { LazyForm, retry } = useRetryableLazy(importNewsletterForm)
  return (
    <div ref={ref}>
      {wanted ? (
        <FormLoadBoundary onRetry={retry}>
          <Suspense fallback={<Loading />}>
            <LazyForm />
          </Suspense>
        </FormLoadBoundary>
      ) : (
        <Loading />
      )}
    </div>
  )
}
