import { t } from '@lingui/core/macro'
import { type PageHead, siteName } from './page-head'

/** The head of a page that sets none of its own. */
export function defaultHead(): PageHead {
  return {
    title: siteName,
    description: t`Streamdeals: paid missions for streamers. Take deals, share tracked links, show a live goal widget and get paid.`,
  }
}
