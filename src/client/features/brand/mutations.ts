import type { QueryClient } from '@tanstack/react-query'
import type { BrandMission } from '#shared/contract/brand.ts'
import type { List } from '#shared/contract/common.ts'
import {
  deleteMember,
  postCardTopUp,
  postDealReview,
  postInvitationRedemption,
  postMemberInvite,
  postMission,
  postProviderApplication,
  postTopUpRequest,
  putMission,
  putMissionStatus,
  putProvider,
} from './api'
import { brandQueries } from './queries'

/**
 * The brand portal's changes. They are online only: a brand edits from an office, and
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
  const provider = await postProviderApplication(form)
  await queryClient.invalidateQueries({ queryKey: brandQueries.providers().queryKey })
  return provider
}

export async function updateProvider(queryClient: QueryClient, slug: string, form: FormData) {
  const provider = await putProvider(slug, form)
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
  const mission = await postMission(slug, form)
  storeMission(queryClient, slug, mission)
  return mission
}

export async function updateMission(queryClient: QueryClient, slug: string, code: string, form: FormData) {
  const mission = await putMission(slug, code, form)
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
  const mission = await putMissionStatus(slug, code, status)
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
  const review = await postDealReview(slug, code, dealCode, message)
  await queryClient.invalidateQueries({ queryKey: brandQueries.resultsOf(slug, code) })
  return review
}

/** Starts a card top-up: the client secret Stripe.js confirms the payment with. */
export function startCardTopUp(slug: string, code: string, amount: number) {
  return postCardTopUp(slug, code, amount)
}

/** Redeems a mailed invitation: the membership is made, so the portal's list of brands is asked again. */
export async function redeemInvitation(queryClient: QueryClient, token: string) {
  const provider = await postInvitationRedemption(token)
  await queryClient.invalidateQueries({ queryKey: brandQueries.providers().queryKey })
  return provider
}

/** An owner's invitation: the pending list is asked again. */
export async function inviteMember(
  queryClient: QueryClient,
  slug: string,
  email: string,
  role: 'owner' | 'member',
) {
  const invitation = await postMemberInvite(slug, email, role)
  await queryClient.invalidateQueries({ queryKey: brandQueries.invitations(slug).queryKey })
  return invitation
}

export async function removeMember(queryClient: QueryClient, slug: string, userId: string) {
  await deleteMember(slug, userId)
  await queryClient.invalidateQueries({ queryKey: brandQueries.members(slug).queryKey })
}

/** A top-up request: the mission's list of requests is asked again. */
export async function requestTopUp(
  queryClient: QueryClient,
  slug: string,
  code: string,
  amount: number,
  note: string,
) {
  const request = await postTopUpRequest(slug, code, amount, note)
  await queryClient.invalidateQueries({ queryKey: brandQueries.topUpRequests(slug, code).queryKey })
  return request
}
