import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../components/ui/placeholder-page'

export const Route = createFileRoute('/_default/dashboard/account/')({
  component: PersonalAccountPage,
})

function PersonalAccountPage() {
  return (
    <PlaceholderPage title={<Trans>Personal information</Trans>}>
      <Trans>Your profile, avatar and contact details.</Trans>
    </PlaceholderPage>
  )
}
