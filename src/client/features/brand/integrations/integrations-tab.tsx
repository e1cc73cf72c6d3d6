import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'

// Its own chunk: the webhooks and keys code loads when a member opens the tab, not with the portal.
const IntegrationsSection = lazy(() => import('./integrations-section'))

/**
 * The brand page's Integrations tab: webhooks and API keys, opened by its button or by the page's
 * `#integrations` address (the link the failing-webhook mail carries).
 */
export function IntegrationsTab({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (window.location.hash === '#integrations') setOpen(true)
  }, [])
  return (
    <section className="brand-section" id="integrations" aria-labelledby="integrations-title">
      <div className="brand-section-head">
        <h2 id="integrations-title">
          <Trans>Integrations</Trans>
        </h2>
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={open}
          aria-controls="integrations-panel"
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? <Trans>Hide webhooks and API keys</Trans> : <Trans>Webhooks and API keys</Trans>}
        </button>
      </div>
      {open ? (
        <Suspense
          fallback={
            <p className="muted" role="status">
              <Trans>Loading…</Trans>
            </p>
          }
        >
          <IntegrationsSection slug={slug} />
        </Suspense>
      ) : null}
    </section>
  )
}
