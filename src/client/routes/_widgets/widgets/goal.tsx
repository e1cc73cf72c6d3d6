import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'

interface GoalSearch {
  token: string
}

/** The goal widget for OBS: the deal is found by its widget token (the live view comes with the widgets issue). */
export const Route = createFileRoute('/_widgets/widgets/goal')({
  validateSearch: (search: Record<string, unknown>): GoalSearch => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: GoalWidgetPage,
})

function GoalWidgetPage() {
  const { token } = Route.useSearch()
  return (
    <section className="goal-widget" aria-live="polite">
      <h1 className="visually-hidden">
        <Trans>Goal widget</Trans>
      </h1>
      {token ? null : (
        <p className="widget-message">
          <Trans>This widget link has no token.</Trans>
        </p>
      )}
    </section>
  )
}
