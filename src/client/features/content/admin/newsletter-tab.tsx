import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { LoadingStatus } from '../../../components/ui/loading-status'
import { request } from '../../../lib/http'
import { adminContentQueries } from './admin-queries'

/** Saves a text as a file the browser downloads; the API needs the token header, so no plain link. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.click()
  URL.revokeObjectURL(url)
}

/** Admin tab: newsletter subscribers, with a CSV export. */
export function NewsletterTab() {
  const { i18n } = useLingui()
  const { data, status } = useQuery(adminContentQueries.subscribers())
  const [exporting, setExporting] = useState(false)
  const [failed, setFailed] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    setFailed(false)
    try {
      const csv = await request<string>('adminNewsletter', { headers: { Accept: 'text/csv' } })
      download('newsletter-subscribers.csv', csv, 'text/csv;charset=utf-8')
    } catch {
      setFailed(true)
    } finally {
      setExporting(false)
    }
  }
  return (
    <div>
      <div className="toolbar">
        <button type="button" className="button" onClick={exportCsv} disabled={exporting}>
          <Trans>Export as CSV</Trans>
        </button>
        {failed ? (
          <span role="alert" className="field-error">
            <Trans>The export failed.</Trans>
          </span>
        ) : null}
      </div>
      {status === 'pending' ? <LoadingStatus /> : null}
      {data && data.items.length === 0 ? (
        <p className="muted">
          <Trans>No subscribers yet.</Trans>
        </p>
      ) : null}
      {data && data.items.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>E-mail</Trans>
              </th>
              <th scope="col">
                <Trans>Language</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Subscribed on</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.id}>
                <td>{item.email}</td>
                <td>{item.locale}</td>
                <td>{item.status}</td>
                <td>{i18n.date(item.createdAt, { dateStyle: 'medium' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  )
}
