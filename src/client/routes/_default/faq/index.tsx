import { t } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { headOf } from '#client/features/content/page-head.ts'
import { contentQueries } from '#client/features/content/queries.ts'
import { currentLocale } from '#client/lib/i18n.ts'
import { FaqList } from './-components/faq-list'

interface FaqSearch {
  /** The contact form is open: "Contact us" is a real link, so a click made before hydration is kept. */
  contact?: true
}

export const Route = createFileRoute('/_default/faq/')({
  validateSearch: (search: Record<string, unknown>): FaqSearch =>
    search.contact === true || search.contact === 1 || search.contact === '1' ? { contact: true } : {},
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(contentQueries.domain('faq', currentLocale())),
  head: () =>
    headOf(
      t`Frequently asked questions`,
      t`Answers about missions, tracked links, the goal widget, payments and your account on Streamdeals.`,
    ),
  component: FaqPage,
})

function FaqPage() {
  const { contact } = Route.useSearch()
  return <FaqList contactOpen={contact === true} />
}
