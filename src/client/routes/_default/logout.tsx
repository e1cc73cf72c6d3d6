import { createFileRoute } from '@tanstack/react-router'
import { LogoutPage } from './-components/logout-page'

export const Route = createFileRoute('/_default/logout')({
  component: LogoutPage,
})
