import { t } from '@lingui/core/macro'
import { type ComponentType, lazy } from 'react'

/**
 * The tabs of the /admin page: the route composes the features' admin screens, each feature adding
 * its own tab here. Tab components load lazily so the admin code never weighs on other pages.
 */
export interface AdminTab {
  id: string
  /** A Lingui message descriptor id is not needed: labels are translated where they render. */
  label: () => string
  component: ComponentType
}

export const adminTabs: AdminTab[] = []

// Keeps `lazy` imported for the features that add tabs below.
export const lazyTab = (load: () => Promise<{ default: ComponentType }>) => lazy(load)

// First: the brands' drafts waiting for publication, the admin's daily work.
adminTabs.push({
  id: 'publication',
  label: () => t`Publication`,
  component: lazyTab(() =>
    import('#client/features/deals/admin/publication-queue-tab.tsx').then((module) => ({
      default: module.PublicationQueueTab,
    })),
  ),
})

// Then the brands' top-up requests (brands without card payments ask; the admin credits or declines).
adminTabs.push({
  id: 'top-up-requests',
  label: () => t`Top-up requests`,
  component: lazyTab(() =>
    import('#client/features/brand/admin/top-up-requests.tsx').then((module) => ({
      default: module.TopUpRequestsAdmin,
    })),
  ),
})

// Content: FAQ, terms and home blocks per locale; newsletter subscribers; contact messages.
adminTabs.push(
  {
    id: 'content',
    label: () => t`Content`,
    component: lazyTab(() =>
      import('#client/features/content/admin/content-editor-tab.tsx').then((module) => ({
        default: module.ContentEditorTab,
      })),
    ),
  },
  {
    id: 'newsletter',
    label: () => t`Newsletter`,
    component: lazyTab(() =>
      import('#client/features/content/admin/newsletter-tab.tsx').then((module) => ({
        default: module.NewsletterTab,
      })),
    ),
  },
  {
    id: 'contact',
    label: () => t`Contact messages`,
    component: lazyTab(() =>
      import('#client/features/content/admin/contact-messages-tab.tsx').then((module) => ({
        default: module.ContactMessagesTab,
      })),
    ),
  },
)

// Accounts: the user list and the audit log of every admin call.
adminTabs.push(
  {
    id: 'users',
    label: () => t`Users`,
    component: lazyTab(() =>
      import('#client/features/account/admin/users-tab.tsx').then((module) => ({ default: module.UsersTab })),
    ),
  },
  {
    id: 'integrations',
    label: () => t`Integrations`,
    component: lazyTab(() =>
      import('#client/features/account/admin/integrations-tab.tsx').then((module) => ({
        default: module.IntegrationsTab,
      })),
    ),
  },
  {
    id: 'audit',
    label: () => t`Audit log`,
    component: lazyTab(() =>
      import('#client/features/account/admin/users-tab.tsx').then((module) => ({ default: module.AuditTab })),
    ),
  },
)

// Wallet: certification review and payout settlement (the manual payout provider).
adminTabs.push(
  {
    id: 'kyc',
    label: () => t`KYC`,
    component: lazyTab(() =>
      import('#client/features/wallet/admin/kyc-tab.tsx').then((module) => ({ default: module.KycTab })),
    ),
  },
  {
    id: 'payouts',
    label: () => t`Payouts`,
    component: lazyTab(() =>
      import('#client/features/wallet/admin/payouts-tab.tsx').then((module) => ({
        default: module.PayoutsTab,
      })),
    ),
  },
)

// Deals: providers (list, new provider, provider detail), missions and deal state.
adminTabs.push(
  {
    id: 'providers',
    label: () => t`Providers`,
    component: lazyTab(() =>
      import('#client/features/deals/admin/providers-tab.tsx').then((module) => ({
        default: module.ProvidersTab,
      })),
    ),
  },
  {
    id: 'missions',
    label: () => t`Missions`,
    component: lazyTab(() =>
      import('#client/features/deals/admin/missions-tab.tsx').then((module) => ({
        default: module.MissionsTab,
      })),
    ),
  },
  {
    id: 'deals',
    label: () => t`Deals`,
    component: lazyTab(() =>
      import('#client/features/deals/admin/deals-tab.tsx').then((module) => ({ default: module.DealsTab })),
    ),
  },
)
