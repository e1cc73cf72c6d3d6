import { Trans, useLingui } from '@lingui/react/macro'
import { ScrollRegion } from '#client/components/ui/scroll-region.tsx'
import { DealStateBadge } from '#client/features/deals/admin-kit.ts'
import { absoluteLink } from '#client/lib/http.ts'
import type { BrandStreamerResult } from '#shared/contract/brand.ts'
import { formatMoney } from '#shared/format.ts'

/**
 * One row per streamer's deal: state, earnings, clicks; the whole table downloads as CSV. The deal's
 * code, the widest cell, comes last: on a phone the table scrolls sideways, and what a brand reads
 * first (state and money) is on screen without it.
 */
export function StreamersTable({
  slug,
  code,
  streamers,
}: {
  slug: string
  code: string
  streamers: readonly BrandStreamerResult[]
}) {
  const { t } = useLingui()
  return (
    <section className="brand-section" aria-labelledby="brand-streamers-title">
      <header className="brand-section-head">
        <h2 id="brand-streamers-title">
          <Trans>Streamers</Trans>
        </h2>
        {streamers.length > 0 ? (
          <a
            className="button button-ghost"
            href={absoluteLink('brandMissionResultsExport', { slug, code })}
            download={`${code}-streamers.csv`}
          >
            <Trans>Download as CSV</Trans>
          </a>
        ) : null}
      </header>
      {streamers.length === 0 ? (
        <p className="muted">
          <Trans>No streamer has taken this mission yet.</Trans>
        </p>
      ) : (
        <ScrollRegion className="brand-table-scroll" label={t`Results per streamer`}>
          <table className="brand-table" data-testid="brand-streamers">
            <caption className="visually-hidden">{t`Results per streamer`}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Streamer</Trans>
                </th>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col" className="numeric">
                  <Trans>Earned</Trans>
                </th>
                <th scope="col" className="numeric">
                  <Trans>Valid clicks</Trans>
                </th>
                <th scope="col" className="numeric">
                  <Trans>Not counted</Trans>
                </th>
                <th scope="col">
                  <Trans>Deal</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {streamers.map((row) => (
                <tr key={row.dealCode} className={row.flagged ? 'flagged' : undefined}>
                  <th scope="row">
                    {row.username}
                    {row.flagged ? (
                      <span className="status-badge status-badge-flagged">
                        <Trans>Flagged</Trans>
                      </span>
                    ) : null}
                  </th>
                  <td>
                    <DealStateBadge state={row.state} />
                  </td>
                  <td className="numeric">{formatMoney(row.earnedCents)}</td>
                  <td className="numeric">{row.validClicks}</td>
                  <td className="numeric">{row.invalidClicks}</td>
                  <td className="mono">{row.dealCode}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}
