import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, type LinkProps } from '@tanstack/react-router'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { COMPLETED_STATES, dealQueries, IN_PROGRESS_STATES } from '#client/features/deals/queries.ts'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useCurrentUser, useSessionWallet } from '#client/lib/session.ts'

export interface MenuEntry {
  key: string
  label: string
  link: Pick<LinkProps, 'to' | 'params'>
}

/**
 * The signed-in menu entries: the deals menu adds "in progress" (to the first in-progress
 * deal) and "completed" only when there are such deals; without a wallet the account menu drops
 * business and every entry after it (bank, certification): they have nothing to show yet.
 */
export function useMenuEntries(): { deals: MenuEntry[]; account: MenuEntry[] } {
  const { t } = useLingui()
  const user = useCurrentUser()
  const wallet = useSessionWallet()
  const username = user?.username ?? ''
  // A brand account has no deals: its menu is the brand's (features/brand).
  const streamer = Boolean(username) && user?.kind !== 'provider'
  const inProgress = useQuery({ ...dealQueries.list(username, IN_PROGRESS_STATES), enabled: streamer })
  const completed = useQuery({ ...dealQueries.list(username, COMPLETED_STATES), enabled: streamer })
  const firstInProgress = inProgress.data?.items[0]

  const deals: MenuEntry[] = [
    { key: 'available', label: t`Available deals`, link: { to: namedRoutes['dashboard-deal'] } },
  ]
  if (firstInProgress) {
    deals.push({
      key: 'inprogress',
      label: t`In progress`,
      link: {
        to: namedRoutes['dashboard-deal-status-code'],
        params: { status: 'inprogress', code: firstInProgress.mission.code },
      },
    })
  }
  if ((completed.data?.items.length ?? 0) > 0) {
    deals.push({
      key: 'completed',
      label: t`Completed`,
      link: { to: namedRoutes['dashboard-deal-completed'] },
    })
  }
  deals.push({ key: 'wallet', label: t`Wallet`, link: { to: namedRoutes['dashboard-deal-payment'] } })

  const account: MenuEntry[] = [
    { key: 'personal', label: t`Personal`, link: { to: namedRoutes['dashboard-account'] } },
    { key: 'business', label: t`Business`, link: { to: namedRoutes['dashboard-account-business'] } },
    { key: 'bank', label: t`Bank`, link: { to: namedRoutes['dashboard-account-bank'] } },
    {
      key: 'certification',
      label: t`Certification`,
      link: { to: namedRoutes['dashboard-account-certification'] },
    },
  ]
  // Without a wallet the account entries from the third onward (business, bank, certification) have
  // nothing to show: what stays is what comes before business.
  const walletEntries = account.findIndex((entry) => entry.key === 'business')
  const shown = wallet ? account : account.slice(0, walletEntries)
  // The server checks admin access on every admin call; the stored role only decides what is offered.
  if (user?.roles.includes('admin')) shown.push({ key: 'admin', label: t`Admin`, link: { to: '/admin' } })
  return { deals, account: shown }
}

export function MenuLinks({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  return (
    <ul className="menu-list">
      {entries.map((entry) => (
        <li key={entry.key}>
          <Link
            {...(entry.link as LinkProps)}
            className="menu-link"
            activeOptions={{ exact: true }}
            onClick={onNavigate}
          >
            {entry.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** A disclosure menu: opens on click, closes on Escape, on a click outside and after navigating. */
export function Dropdown({
  label,
  children,
}: {
  label: ReactNode
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={button}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {/* Its links render when it opens: a closed menu costs the page's first render nothing. */}
      <div id={id} className="dropdown-panel" hidden={!open}>
        {open ? children(() => setOpen(false)) : null}
      </div>
    </div>
  )
}
