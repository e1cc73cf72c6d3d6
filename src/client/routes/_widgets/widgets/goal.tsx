import { createFileRoute } from '@tanstack/react-router'
import { GoalWidget } from '#client/features/deals/components/goal-widget.tsx'

interface GoalSearch {
  token: string
}

/** The goal widget for OBS: the deal is found by its widget token, and updates live over the socket. */
export const Route = createFileRoute('/_widgets/widgets/goal')({
  validateSearch: (search: Record<string, unknown>): GoalSearch => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: GoalWidgetPage,
})

function GoalWidgetPage() {
  const { token } = Route.useSearch()
  return <GoalWidget token={token} />
}
