import { createFileRoute } from '@tanstack/react-router'
import { ApplyPage } from '#client/features/brand/components/apply-form.tsx'

/** The new provider page: a brand applies, and an admin approves it. */
export const Route = createFileRoute('/_default/dashboard/provider/new')({
  component: ApplyPage,
})
