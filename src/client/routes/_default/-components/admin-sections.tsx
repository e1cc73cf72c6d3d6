import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Navigate, useParams } from '@tanstack/react-router'
import { type ComponentType, lazy } from 'react'

/** One admin section: its address (/admin/<id>), its tab's label, and its screen, loaded when opened. */
export interface AdminSectionEntry {
  id: string
  label: MessageDescriptor
  screen: ComponentType
}

const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

/**
 * The sections in the order of the admin's day: the drafts to publish first, the catalogue, money,
 * accounts, content. Labels stay short so the thirteen tabs fit one row on a laptop. A feature's
 * new admin screen adds its line here.
 */
export const adminSections: readonly AdminSectionEntry[] = [
  {
    id: 'publication',
    label: msg({ message: 'Queue', comment: 'Admin tab: drafts waiting for publication' }),
    screen: screen(
      () => import('#client/features/deals/admin/publication-queue-tab.tsx'),
      'PublicationQueueTab',
    ),
  },
  {
    id: 'missions',
    label: msg`Missions`,
    screen: screen(() => import('#client/features/deals/admin/missions-tab.tsx'), 'MissionsTab'),
  },
  {
    id: 'providers',
    label: msg`Providers`,
    screen: screen(() => import('#client/features/deals/admin/providers-tab.tsx'), 'ProvidersTab'),
  },
  {
    id: 'deals',
    label: msg`Deals`,
    screen: screen(() => import('#client/features/deals/admin/deals-tab.tsx'), 'DealsTab'),
  },
  {
    id: 'top-up-requests',
    label: msg({ message: 'Top-ups', comment: 'Admin tab: the brands’ top-up requests' }),
    screen: screen(() => import('#client/features/brand/admin/top-up-requests.tsx'), 'TopUpRequestsAdmin'),
  },
  {
    id: 'payouts',
    label: msg`Payouts`,
    screen: screen(() => import('#client/features/wallet/admin/payouts-tab.tsx'), 'PayoutsTab'),
  },
  {
    id: 'kyc',
    label: msg`KYC`,
    screen: screen(() => import('#client/features/wallet/admin/kyc-tab.tsx'), 'KycTab'),
  },
  {
    id: 'users',
    label: msg`Users`,
    screen: screen(() => import('#client/features/account/admin/users-tab.tsx'), 'UsersTab'),
  },
  {
    id: 'audit',
    label: msg({ message: 'Audit', comment: 'Admin tab: the audit log of admin calls' }),
    screen: screen(() => import('#client/features/account/admin/users-tab.tsx'), 'AuditTab'),
  },
  {
    id: 'integrations',
    label: msg`Integrations`,
    screen: screen(() => import('#client/features/account/admin/integrations-tab.tsx'), 'IntegrationsTab'),
  },
  {
    id: 'content',
    label: msg`Content`,
    screen: screen(() => import('#client/features/content/admin/content-editor-tab.tsx'), 'ContentEditorTab'),
  },
  {
    id: 'newsletter',
    label: msg`Newsletter`,
    screen: screen(() => import('#client/features/content/admin/newsletter-tab.tsx'), 'NewsletterTab'),
  },
  {
    id: 'contact',
    label: msg({ message: 'Messages', comment: 'Admin tab: the contact form’s messages' }),
    screen: screen(
      () => import('#client/features/content/admin/contact-messages-tab.tsx'),
      'ContactMessagesTab',
    ),
  },
]

/** The section /admin/<section> names; an unknown one (a mistyped or retired link) opens the first. */
export function AdminSection() {
  const { section } = useParams({ from: '/_default/admin/$section' })
  const entry = adminSections.find((candidate) => candidate.id === section)
  if (!entry) return <Navigate to="/admin/$section" params={{ section: 'publication' }} replace />
  const Screen = entry.screen
  return <Screen />
}
