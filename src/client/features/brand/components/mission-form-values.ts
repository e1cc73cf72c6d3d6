/**
 * The brand's mission form values (money as typed euros, the link as parts) and what they become:
 * the body the brand endpoints take (cents, a link template), and back from a saved draft.
 */

import { euroCents } from '#client/components/ui/euro-field.tsx'
import {
  emptyLocalized,
  type LocalizedValue,
  localizedBody,
  localizedValue,
} from '#client/features/deals/admin-kit.ts'
import { centsToInput } from '#client/lib/forms/euro-text.ts'
import type { IntegrationKind } from '#shared/brand-link-kinds.ts'
import type { BrandMission } from '#shared/contract/brand.ts'
import { type LinkParts, partsOf, templateOf } from './link-parts'

export interface BrandMissionValues extends LinkParts {
  title: LocalizedValue
  description: LocalizedValue
  tips: LocalizedValue
  type: IntegrationKind
  model: 'cpc' | 'fixed'
  /** Euros as typed. */
  reward: string
  goal: string
  spots: string
  /** Euros as typed; empty: no cap. */
  budget: string
  startsAt: string
  endsAt: string
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

export function brandMissionValues(
  mission: BrandMission | null,
  kinds: IntegrationKind[],
): BrandMissionValues {
  const stored = mission?.tools.type as IntegrationKind | undefined
  const type =
    stored && kinds.includes(stored)
      ? stored
      : (kinds.find((kind) => kind === 'MIXTE') ?? kinds[0] ?? 'MIXTE')
  const template = mission?.tools.parameters.URL ?? mission?.tools.parameters.ABSOLUTE_LINK ?? ''
  const parts = mission ? partsOf(type, template) : { landing: '', streamerParam: 'ref', dealParam: '' }
  return {
    title: mission ? localizedValue(mission.title) : emptyLocalized(),
    description: mission ? localizedValue(mission.description) : emptyLocalized(),
    tips: mission ? localizedValue(mission.tips) : emptyLocalized(),
    type,
    ...parts,
    model: mission?.reward.model ?? 'cpc',
    reward: mission ? centsToInput(mission.reward.amount) : '',
    goal: String(mission?.goal ?? 100),
    spots: String(mission?.spots ?? 10),
    budget: mission?.budget ? centsToInput(mission.budget) : '',
    startsAt: day(mission?.startsAt ?? new Date().toISOString()),
    endsAt: day(mission?.endsAt ?? null),
  }
}

/** The link parameter a kind's template goes in: a code page is an absolute link. */
export const linkParameter = (type: IntegrationKind) => (type === 'CUSTOM_CODE' ? 'ABSOLUTE_LINK' : 'URL')

export function brandMissionBody(values: BrandMissionValues) {
  return {
    title: localizedBody(values.title),
    description: localizedBody(values.description),
    tips: localizedBody(values.tips),
    tools: {
      type: values.type,
      parameters: { [linkParameter(values.type)]: templateOf(values.type, values) },
    },
    reward: { model: values.model, amount: euroCents(values.reward) ?? 0 },
    goal: Number(values.goal),
    spots: Number(values.spots),
    budget: euroCents(values.budget),
    startsAt: new Date(`${values.startsAt}T00:00:00Z`).toISOString(),
    endsAt: values.endsAt ? new Date(`${values.endsAt}T23:59:59Z`).toISOString() : null,
  }
}

/** Which form field a server error's path in the body belongs to (null: none, shown above the form). */
export function fieldOfPath(path: string): keyof BrandMissionValues | null {
  const [head = '', second] = path.split('.')
  if (head === 'title' || head === 'description' || head === 'tips') return head
  if (head === 'tools') return second === 'type' ? 'type' : 'landing'
  if (head === 'reward') return second === 'model' ? 'model' : 'reward'
  const direct: Record<string, keyof BrandMissionValues> = {
    goal: 'goal',
    spots: 'spots',
    budget: 'budget',
    startsAt: 'startsAt',
    endsAt: 'endsAt',
  }
  return direct[head] ?? null
}
