import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { CheckResponse } from '#shared/contract/deals.ts'
import type { TrackingKind } from '#shared/deal-links.ts'
import { NO_LINK } from '#shared/integration-links.ts'
import { checkTrackedLink } from '../api'
import './deals.css'

type Status = { kind: 'loading' } | { kind: 'error' } | { kind: 'done'; answer: CheckResponse }

/**
 * A viewer opening a tracked link: the server records the visit and answers where to go. `cpc` replaces
 * this page with the target at once (so Back does not re-count); `check` shows the creator's landing.
 */
export function TrackedRedirect({
  kind,
  code,
  username,
}: {
  kind: TrackingKind
  code?: string
  username?: string
}) {
  const [status, setStatus] = useState<Status>({ kind: 'loading' })
  useEffect(() => {
    if (!code || !username) {
      setStatus({ kind: 'error' })
      return
    }
    let cancelled = false
    checkTrackedLink(kind, code, username).then(
      (answer) => {
        if (cancelled) return
        if (kind === 'cpc' && answer.url !== NO_LINK) location.replace(answer.url)
        else setStatus({ kind: 'done', answer })
      },
      () => {
        if (!cancelled) setStatus({ kind: 'error' })
      },
    )
    return () => {
      cancelled = true
    }
  }, [kind, code, username])

  if (status.kind === 'error') {
    return (
      <section className="redirect-page" role="alert">
        <h1>
          <Trans>This link does not work</Trans>
        </h1>
        <p className="muted">
          <Trans>The creator’s link is incomplete or the deal no longer exists.</Trans>
        </p>
      </section>
    )
  }
  if (status.kind === 'loading' || kind === 'cpc') {
    return (
      <section className="redirect-page" aria-busy={status.kind === 'loading'}>
        <h1>
          <Trans>Taking you to the offer…</Trans>
        </h1>
        {status.kind === 'done' ? (
          <p className="muted">
            <Trans>This offer has no web page: use the creator’s code in the game or shop.</Trans>
          </p>
        ) : null}
      </section>
    )
  }
  const { answer } = status
  const streamer = answer.username ?? username ?? ''
  return (
    <section className="redirect-page check-landing">
      <p className="muted">{answer.missionTitle}</p>
      <h1>
        <Trans>Support {streamer}</Trans>
      </h1>
      {answer.creatorCode ? (
        <p className="creator-code">
          <Trans>Creator code:</Trans> <strong data-testid="creator-code">{answer.creatorCode}</strong>
        </p>
      ) : null}
      {answer.url !== NO_LINK ? (
        <p>
          <a className="button button-large" href={answer.url} rel="noopener">
            <Trans>Go to the offer</Trans>
          </a>
        </p>
      ) : null}
    </section>
  )
}
