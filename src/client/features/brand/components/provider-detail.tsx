import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { IntegrationsTab } from '#client/features/brand/integrations/integrations-tab.tsx'
import { inLanguage } from '#client/features/deals/admin-kit.ts'
import { widgetThemeLabels } from '#client/features/deals/labels.ts'
import { mediaUrl } from '#client/lib/media.ts'
import { providerStatusLabels } from '../labels'
import { brandQueries } from '../queries'
import { BrandCrumbs } from './brand-crumbs'
import { MembersList } from './members-list'
import { MissionList } from './mission-list'
import { ProfileForm } from './profile-form'
import { WidgetThemePreview } from './widget-theme-preview'
import './brand.css'
import './brand-self-service.css'

/**
 * The provider detail: the brand's missions first (what a member opens the portal for), its
 * profile (editable by its owners and admins, shown to other members), and its members.
 */
export function ProviderDetail({ slug }: { slug: string }) {
  const { i18n } = useLingui()
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  // An admin who is not a member has no role, and may edit like an owner.
  const canEdit = provider.role !== 'member'
  return (
    <section className="brand-page">
      <BrandCrumbs />
      <header className="brand-head">
        <img src={mediaUrl(provider.logo)} alt="" width={72} height={72} className="brand-logo" />
        <div>
          <h1>{provider.name}</h1>
          <p>
            <span className={`status-badge status-badge-${provider.status}`}>
              {i18n._(providerStatusLabels[provider.status])}
            </span>
          </p>
        </div>
        <Link
          to="/dashboard/provider/$slug/overview"
          params={{ slug }}
          className="button button-ghost brand-overview-link"
        >
          <Trans>Overview and forecast</Trans>
        </Link>
      </header>
      {provider.status === 'pending' ? (
        <p className="brand-notice" role="status">
          <Trans>
            An administrator is checking this brand. Prepare its profile meanwhile: you can draft missions
            once the brand is approved.
          </Trans>
        </p>
      ) : null}
      <MissionList slug={slug} canDraft={provider.status === 'approved'} />
      <section className="brand-section" aria-labelledby="brand-profile-title">
        <h2 id="brand-profile-title">
          <Trans>Profile</Trans>
        </h2>
        {canEdit ? (
          <ProfileForm provider={provider} />
        ) : (
          <div className="brand-profile-view">
            <p>{inLanguage(provider.description, i18n.locale)}</p>
            <p className="muted">
              <Trans>Widget theme: {i18n._(widgetThemeLabels[provider.theme])}</Trans>
            </p>
            <WidgetThemePreview name={provider.name} theme={provider.theme} />
            <p className="field-hint">
              <Trans>Only the brand’s owners edit its profile.</Trans>
            </p>
          </div>
        )}
      </section>
      <MembersList slug={slug} />
      <IntegrationsTab slug={slug} />
    </section>
  )
}
