/**
 * Value lists and JSON column shapes of the database schema. They live apart from the tables so the
 * schema module stays readable; the wire contract in `src/shared/contract` mirrors the others.
 */
import { LOCALES as locales } from '#shared/contract/common.ts'
import {
  TRANSLATION_DOMAINS as contentDomains,
  NEWSLETTER_STATUSES as newsletterStatuses,
} from '#shared/contract/content.ts'
import { KYC_KINDS as kycKinds } from '#shared/contract/wallet.ts'
import {
  DEAL_EVENT_TYPES as dealEventTypes,
  DEAL_STATES as dealStates,
  WIDGET_THEMES as widgetThemes,
} from '#shared/deal-values.ts'

export const userKinds = ['streamer', 'provider'] as const
const userRoles = ['user', 'admin'] as const
export const oneTimeTokenPurposes = ['verify_email', 'reset_password'] as const
export const rewardModels = ['cpc', 'fixed'] as const
export const missionStatuses = ['draft', 'published', 'paused', 'closed'] as const
// Brands run providers of their own.
export const providerStatuses = ['pending', 'approved'] as const
export const memberRoles = ['owner', 'member'] as const
export const topUpSources = ['card', 'manual'] as const
export const topUpStatuses = ['pending', 'succeeded', 'failed'] as const
/** A brand's request that an admin top a budget up: waiting, then done (added once) or declined. */
export const topUpRequestStatuses = ['requested', 'done', 'declined'] as const
/** A card top-up's dispute: open (its amount taken back), won (given back) or lost (kept taken). */
export const topUpDisputeStatuses = ['open', 'won', 'lost'] as const
export const walletKinds = ['person', 'business'] as const
export const certificationStatuses = ['none', 'pending', 'verified', 'rejected'] as const
export const ledgerKinds = ['earning', 'earning_reversal', 'payout', 'payout_reversal', 'adjustment'] as const
export const payoutStatuses = ['pending', 'paid', 'failed'] as const
export const kycStatuses = ['pending', 'verified', 'rejected'] as const

// The lists the contract already spells out as values are taken from it, so the two cannot drift.
export { contentDomains, dealEventTypes, dealStates, kycKinds, locales, newsletterStatuses, widgetThemes }

export type UserKind = (typeof userKinds)[number]
export type UserRole = (typeof userRoles)[number]
export type LocaleCode = (typeof locales)[number]
export type WidgetThemeName = (typeof widgetThemes)[number]

/** A stored file: served at `/uploads/<path><reference>`. */
export interface StoredMedia {
  path: string
  reference: string
}

/** Text in several languages; English is always there and is the fallback. */
export interface LocalizedText {
  en: string
  fr?: string
  es?: string
}

export interface StoredIntegration {
  type: string
  parameters: Record<string, string>
}

export interface StoredAddress {
  line1: string
  line2?: string
  city: string
  postalCode: string
  country: string
}

export interface StoredPerson {
  firstName: string
  lastName: string
  birthDate: string
  phone?: string
  address: StoredAddress
}

export interface StoredBusiness {
  name: string
  registrationNumber: string
  vatNumber?: string
  address: StoredAddress
}
