import { createFileRoute } from '@tanstack/react-router'
import { PersonalAccount } from './-components/personal-account'

interface AccountSearch {
  code?: string
  state?: string
}

export const Route = createFileRoute('/_default/dashboard/account/')({
  // Twitch sends the user back here with `code` and `state`.
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    code: typeof search.code === 'string' ? search.code : undefined,
    state: typeof search.state === 'string' ? search.state : undefined,
  }),
  component: PersonalAccountPage,
})

function PersonalAccountPage() {
  const { code, state } = Route.useSearch()
  return <PersonalAccount twitchCode={code} twitchState={state} />
}
