import type { QueryClient } from '@tanstack/react-query'
import { api } from '#client/lib/http.ts'
import type { BrandMission } from '#shared/contract/brand.ts'
import type { List } from '#shared/contract/common.ts'
import { brandQueries } from './queries'

/**
 * The brand portal's changes (issue 16). They are online only: a brand edits from an office, and
 * none of them should be replayed later without the person watching. Each writes its answer into the
 * cache, or asks again for what it changed.
 */

/** A form body with JSON fields and an optional file, as the portal's multipart endpoints take it. */
export function payloadForm(fields: unknown, files: Record<string, File | null> = {}): FormData {
  const form = new FormData()
  form.set('payload', JSON.stringify(fields))
  for (const [name, file] of Object.entries(files)) if (file) form.set(name, file)
  return form
}

export async function applyForProvider(queryClient: QueryClient, form: FormData) {
  const provider = await api('brandProviderApply', { body: form })
  await queryClient.invalidateQueries({ queryKey: brandQueries.providers().queryKey })
  return provider
}

export async function updateProvider(queryClient: QueryClient, slug: string, form: FormData) {
  const provider = await api('brandProviderUpdate', { params: { slug }, body: form })
  queryClient.setQueryData(brandQueries.provider(slug).queryKey, provider)
  void queryClient.invalidateQueries({ queryKey: brandQueries.providers().queryKey })
  return provider
}

/** The missions list with this mission's new version in it. */
function storeMission(queryClient: QueryClient, slug: string, mission: BrandMission): void {
  queryClient.setQueryData<List<BrandMission>>(brandQueries.missions(slug).queryKey, (list) => {
    if (!list) return list
    const known = list.items.some((item) => item.code === mission.code)
    return {
      ...list,
      items: known
        ? list.items.map((item) => (item.code === mission.code ? mission : item))
        : [mission, ...list.items],
    }
  })
}

export async function createMission(queryClient: QueryClient, slug: string, form: FormData) {
  const mission = await api('brandMissionCreate', { params: { slug }, body: form })
  storeMission(queryClient, slug, mission)
  return mission
}

export async function updateMission(queryClient: QueryClient, slug: string, code: string, form: FormData) {
  const mission = await api('brandMissionUpdate', { params: { slug, code }, body: form })
  storeMission(queryClient, slug, mission)
  void queryClient.invalidateQueries({ queryKey: brandQueries.resultsOf(slug, code) })
  return mission
}

export async function setMissionStatus(
  queryClient: QueryClient,
  slug: string,
  code: string,
  status: 'paused' | 'published' | 'closed',
) {
  const mission = await api('brandMissionState', { params: { slug, code }, body: { status } })
  storeMission(queryClient, slug, mission)
  void queryClient.invalidateQueries({ queryKey: brandQueries.resultsOf(slug, code) })
  return mission
}

export async function askForReview(
  queryClient: QueryClient,
  slug: string,
  code: string,
  dealCode: string,
  message: string,
) {
  const review = await api('brandDealReview', { params: { slug, code, dealCode }, body: { message } })
  await queryClient.invalidateQueries({ queryKey: brandQueries.resultsOf(slug, code) })
  return review
}

/** Starts a card top-up: the client secret Stripe.js confirms the payment with. */
export function startCardTopUp(slug: string, code: string, amount: number) {
  return api('brandTopUpCreate', { params: { slug, code }, body: { amount } })
}

/** Redeems a mailed invitation: the membership is made, so the portal's list of brands is asked again. */
export async function redeemInvitation(queryClient: QueryClient, token: string) {
  const provider = await api('brandInvitationRedeem', { body: { token } })
  await queryClient.invalidateQueries({ queryKey: brandQueries.providers().queryKey })
  return provider
}
