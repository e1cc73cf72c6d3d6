import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { inLanguage } from '#client/features/deals/admin-kit.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { useCurrentUser } from '#client/lib/session.ts'
import { memberRoleLabels, providerStatusLabels } from '../labels'
import { brandQueries } from '../queries'
import './brand.css'

/** The provider list: each brand the member runs (its status and their role), and applying for more. */
export function ProviderList() {
  const { t, i18n } = useLingui()
  const { data } = useSuspenseQuery(brandQueries.providers())
  // Memberships count only for a confirmed address (a changed one suspends them until confirmed).
  const unconfirmed = useCurrentUser()?.emailVerified === false
  const apply = (
    <Link to="/dashboard/provider/new" className="button">
      <Trans>Apply for a new brand</Trans>
    </Link>
  )
  return (
    <section className="brand-page">
      <header className="brand-page-head">
        <h1>
          <Trans>Your brands</Trans>
        </h1>
        {data.items.length > 0 ? apply : null}
      </header>
      {data.items.length === 0 ? (
        <EmptyState action={apply}>
          {unconfirmed ? (
            <Trans>
              Your e-mail address is not confirmed: your brands show here once it is. Open the link we mailed
              you, or ask for a new one on your account page.
            </Trans>
          ) : (
            <Trans>You do not run any brand yet. Apply for one, or ask an administrator to invite you.</Trans>
          )}
        </EmptyState>
      ) : (
        <ul className="brand-list">
          {data.items.map((provider) => (
            <li key={provider.id} className="brand-card">
              <img src={mediaUrl(provider.logo)} alt="" width={56} height={56} className="brand-logo" />
              <div className="brand-card-body">
                <h2>
                  <Link
                    to="/dashboard/provider/$slug"
                    params={{ slug: provider.slug }}
                    className="brand-card-link"
                  >
                    {provider.name}
                  </Link>
                </h2>
                <p className="muted">
                  {inLanguage(provider.description, i18n.locale) || t`No description yet.`}
                </p>
                <p className="brand-card-meta">
                  <span className={`status-badge status-badge-${provider.status}`}>
                    {i18n._(providerStatusLabels[provider.status])}
                  </span>
                  {provider.role ? (
                    <span className="muted">{i18n._(memberRoleLabels[provider.role])}</span>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
