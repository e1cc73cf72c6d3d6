import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { brandQueries } from '../queries'
import { BrandCrumbs } from './brand-crumbs'
import { BrandMissionForm } from './brand-mission-form'
import './brand.css'

/**
 * The new-mission page, and a draft's editor on its page: the brand's mission form either way (every
 * field of a mission but its provider and status). What it saves is a draft an administrator publishes.
 */
export function NewMissionPage({ slug }: { slug: string }) {
  const { t } = useLingui()
  const { data: provider } = useSuspenseQuery(brandQueries.provider(slug))
  return (
    <section className="brand-page">
      <BrandCrumbs slug={slug} name={provider.name} current={t`New mission`} />
      <h1>
        <Trans>New mission</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Describe the mission in every language you can, set its reward and budget, and check where viewers
          land. It is saved as a draft: an administrator publishes it.
        </Trans>
      </p>
      <BrandMissionForm slug={slug} mission={null} />
    </section>
  )
}

/** A draft's fields, editable on its page until an administrator publishes it. */
export function DraftEditor({ slug, code }: { slug: string; code: string }) {
  const { data: missions } = useSuspenseQuery(brandQueries.missions(slug))
  const mission = missions.items.find((item) => item.code === code)
  if (mission?.status !== 'draft') return null
  return (
    <section className="brand-section" aria-labelledby="brand-draft-title">
      <h2 id="brand-draft-title">
        <Trans>Edit the draft</Trans>
      </h2>
      <BrandMissionForm slug={slug} mission={mission} />
    </section>
  )
}
