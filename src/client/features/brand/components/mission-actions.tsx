import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { missionStatusLabels } from '#client/features/deals/labels.ts'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { MissionStatus } from '#shared/contract/deals.ts'
import { brandRefusal } from '../messages'
import { setMissionStatus } from '../mutations'

/** A mission's status as a coloured badge, in words. */
export function MissionStatusBadge({ status }: { status: MissionStatus }) {
  const { i18n } = useLingui()
  return <span className={`status-badge status-badge-${status}`}>{i18n._(missionStatusLabels[status])}</span>
}

type Change = 'paused' | 'published' | 'closed'

/**
 * What a brand may do with its mission's status: pause or close a published one, resume or close a
 * paused one; a draft is edited (an admin publishes it). Closing is final, so it asks first.
 */
export function MissionActions({
  slug,
  code,
  title,
  status,
  editLink = false,
}: {
  slug: string
  code: string
  title: string
  status: MissionStatus
  /** Where the mission's own page is elsewhere: a draft's row links to it for editing. */
  editLink?: boolean
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const change = async (next: Change) => {
    if (next === 'closed') {
      const confirmed = await confirm({
        title: t`Close “${title}”?`,
        message: t`Streamers can no longer take it and their links stop earning. A closed mission cannot be opened again.`,
        confirmLabel: t`Close the mission`,
        danger: true,
      })
      if (!confirmed) return
    }
    setBusy(true)
    try {
      await setMissionStatus(queryClient, slug, code, next)
      const done: Record<Change, string> = {
        paused: t`“${title}” is paused`,
        published: t`“${title}” is running again`,
        closed: t`“${title}” is closed`,
      }
      void notify('success', done[next])
    } catch (error) {
      void notify('error', brandRefusal(i18n, error))
    } finally {
      setBusy(false)
    }
  }
  const button = (next: Change, label: string, danger = false) => (
    <button
      type="button"
      className={danger ? 'button button-ghost button-danger-text' : 'button button-ghost'}
      disabled={busy}
      onClick={() => void change(next)}
      aria-label={`${label}: ${title}`}
    >
      {label}
    </button>
  )
  // A draft is edited on its own page, until an administrator publishes it.
  if (status === 'draft')
    return editLink ? (
      <div className="mission-actions">
        <Link
          to="/dashboard/provider/$slug/missions/$code"
          params={{ slug, code }}
          className="button button-ghost"
        >
          <Trans>Edit the draft</Trans>
        </Link>
      </div>
    ) : null
  if (status === 'closed') return null
  return (
    <div className="mission-actions">
      {status === 'published' ? button('paused', t`Pause`) : button('published', t`Resume`)}
      {/* Closing a mission, not a dialog: French and Spanish use another verb (clôturer, cerrar). */}
      {button('closed', t({ message: 'Close', context: 'mission' }), true)}
    </div>
  )
}
