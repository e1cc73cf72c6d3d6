import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type MenuEntry, MenuLinks } from '#client/components/layout/header-menus.tsx'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { brandQueries } from '../queries'

/**
 * A brand account's header menu (desktop dropdown and mobile panel): its providers, the list of them,
 * and applying for another one. Loaded lazily by the header for brand accounts only.
 */
export function BrandMenuLinks({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useLingui()
  const providers = useQuery(brandQueries.providers()).data?.items ?? []
  const entries: MenuEntry[] = [
    { key: 'providers', label: t`Your brands`, link: { to: namedRoutes['dashboard-provider'] } },
    ...providers.map((provider) => ({
      key: `provider-${provider.slug}`,
      label: provider.name,
      link: { to: namedRoutes['dashboard-provider-slug'], params: { slug: provider.slug } },
    })),
    { key: 'apply', label: t`Apply for a new brand`, link: { to: namedRoutes['dashboard-provider-new'] } },
  ]
  return <MenuLinks entries={entries} onNavigate={onNavigate} />
}
