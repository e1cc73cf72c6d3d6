import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** Where a portal page sits: the brands, the brand, and (on a mission's pages) the mission. */
export function BrandCrumbs({ slug, name, current }: { slug?: string; name?: string; current?: string }) {
  const { t } = useLingui()
  return (
    <nav className="brand-crumbs" aria-label={t`Breadcrumb`}>
      <ol>
        <li>
          <Link to="/dashboard/provider" activeOptions={{ exact: true }}>
            {t`Your brands`}
          </Link>
        </li>
        {slug && name ? (
          <li>
            <Link to="/dashboard/provider/$slug" params={{ slug }} activeOptions={{ exact: true }}>
              {name}
            </Link>
          </li>
        ) : null}
        {current ? <li aria-current="page">{current}</li> : null}
      </ol>
    </nav>
  )
}
