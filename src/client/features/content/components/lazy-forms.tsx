import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

// The forms bring react-hook-form (and arktype on submit): they load after the page, never with it.
const ContactFormLazy = lazy(() =>
  import('./contact-form').then((module) => ({ default: module.ContactForm })),
)
const NewsletterFormLazy = lazy(() =>
  import('./newsletter-form').then((module) => ({ default: module.NewsletterForm })),
)

function Loading() {
  return (
    <p className="muted" role="status">
      <Trans>Loading the form…</Trans>
    </p>
  )
}

export function ContactFormSlot() {
  return (
    <Suspense fallback={<Loading />}>
      <ContactFormLazy />
    </Suspense>
  )
}

/** True once the element has come near the viewport: the home page's form loads when scrolled to. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true)
    // 200 px ahead: the form is ready by the time the user reaches it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, near }
}

export function NewsletterFormSlot() {
  const { ref, near } = useNearViewport<HTMLDivElement>()
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={<Loading />}>
          <NewsletterFormLazy />
        </Suspense>
      ) : (
        <Loading />
      )}
    </div>
  )
}
