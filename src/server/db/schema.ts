/**
 * The whole database schema (Drizzle, PostgreSQL dialect; PGlite speaks the same SQL).
 * Enumerations are text columns with CHECK constraints rather than pg enums: adding a value is then a
 * plain constraint swap in a migration instead of an `ALTER TYPE` that cannot run inside a transaction.
 * Money is integer cents; sums that can grow past 2^31 are bigint read as JS numbers (safe to 2^53).
 */
import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  certificationStatuses,
  contentDomains,
  dealEventTypes,
  dealStates,
  kycKinds,
  kycStatuses,
  type LocalizedText,
  ledgerKinds,
  locales,
  memberRoles,
  missionStatuses,
  newsletterStatuses,
  oneTimeTokenPurposes,
  payoutStatuses,
  providerStatuses,
  rewardModels,
  type StoredBusiness,
  type StoredIntegration,
  type StoredMedia,
  type StoredPerson,
  topUpDisputeStatuses,
  topUpRequestStatuses,
  topUpSources,
  topUpStatuses,
  type UserRole,
  userKinds,
  walletKinds,
  widgetThemes,
} from './schema-types'

/** CHECK (column IN (...)) for a closed list of constant values (inlined: constraints cannot take parameters). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`)

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
const moment = (name: string) => timestamp(name, { withTimezone: true })
const cents = (name: string) => bigint(name, { mode: 'number' })
const lower = (column: AnyPgColumn): SQL => sql`lower(${column})`

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<UserRole[]>().notNull().default(sql`'{user}'::text[]`),
    kind: text('kind', { enum: userKinds }).notNull().default('streamer'),
    locale: text('locale', { enum: locales }).notNull().default('en'),
    avatar: jsonb('avatar').$type<StoredMedia>(),
    phone: text('phone'),
    creatorCode: text('creator_code').notNull().unique(),
    sponsorCode: text('sponsor_code'),
    emailVerifiedAt: moment('email_verified_at'),
    // Set when the owner deleted the account: the row stays, emptied, for the money records that
    // point at it (invoices, ledger, payouts are kept ten years).
    deletedAt: moment('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(lower(t.username)),
    uniqueIndex('users_email_lower_idx').on(lower(t.email)),
    // A creator code is typed by viewers in any case: "MaxPlays" and "MAXPLAYS" are one code.
    uniqueIndex('users_creator_code_upper_idx').on(sql`upper(${t.creatorCode})`),
    oneOf('users_kind_check', t.kind, userKinds),
    oneOf('users_locale_check', t.locale, locales),
  ],
)

/**
 * A creator code its owner gave up (stored upper-case), one row per change: it still names them for
 * 30 days, and nobody else may take it meanwhile; a user's rows of the last 30 days count their changes.
 */
export const retiredCreatorCodes = pgTable(
  'retired_creator_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    retiredAt: moment('retired_at').notNull().defaultNow(),
  },
  (t) => [
    index('retired_creator_codes_code_idx').on(t.code, t.retiredAt),
    index('retired_creator_codes_user_idx').on(t.userId, t.retiredAt),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_ip_created_idx').on(t.ip, t.createdAt)],
)

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: oneTimeTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
    oneOf('one_time_tokens_purpose_check', t.purpose, oneTimeTokenPurposes),
  ],
)

export const platforms = pgTable(
  'platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    reference: text('reference').notNull(),
    displayName: text('display_name'),
    createdAt: createdAt(),
  },
  (t) => [unique('platforms_user_code_reference_unique').on(t.userId, t.code, t.reference)],
)

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    logo: jsonb('logo').$type<StoredMedia>(),
    description: jsonb('description').$type<LocalizedText>().notNull().default({ en: '' }),
    theme: text('theme', { enum: widgetThemes }).notNull().default('default'),
    // A brand's application waits for an admin; providers made by admins are approved at once.
    status: text('status', { enum: providerStatuses }).notNull().default('approved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('providers_theme_check', t.theme, widgetThemes),
    oneOf('providers_status_check', t.status, providerStatuses),
  ],
)

/** Who runs a provider: brand accounts, each an owner (edits the profile) or a member. */
export const providerMembers = pgTable(
  'provider_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: memberRoles }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('provider_members_provider_user_unique').on(t.providerId, t.userId),
    index('provider_members_user_idx').on(t.userId),
    oneOf('provider_members_role_check', t.role, memberRoles),
  ],
)

/**
 * A pending invitation into a provider: only the hash of the token mailed to `email` is kept. It
 * becomes a membership when a signed-in account whose address is `email` redeems the token (once).
 */
export const providerInvitations = pgTable(
  'provider_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: memberRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: moment('expires_at').notNull(),
    redeemedAt: moment('redeemed_at'),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_invitations_provider_email_idx').on(t.providerId, lower(t.email)),
    oneOf('provider_invitations_role_check', t.role, memberRoles),
  ],
)

export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    tips: jsonb('tips').$type<LocalizedText>().notNull(),
    thumbnail: jsonb('thumbnail').$type<StoredMedia>(),
    integration: jsonb('integration').$type<StoredIntegration>().notNull(),
    rewardModel: text('reward_model', { enum: rewardModels }).notNull(),
    rewardCents: integer('reward_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    goal: integer('goal').notNull(),
    spots: integer('spots').notNull(),
    budgetCents: cents('budget_cents'),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at'),
    status: text('status', { enum: missionStatuses }).notNull().default('draft'),
    /** Why an operator sent this draft back to its brand; cleared when the draft is edited again. */
    reviewNote: text('review_note'),
    reviewedAt: moment('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('missions_status_starts_idx').on(t.status, t.startsAt),
    index('missions_queue_idx').on(t.createdAt).where(sql`${t.status} = 'draft' AND ${t.reviewNote} IS NULL`),
    index('missions_provider_idx').on(t.providerId),
    oneOf('missions_reward_model_check', t.rewardModel, rewardModels),
    oneOf('missions_status_check', t.status, missionStatuses),
    check('missions_reward_check', sql`${t.rewardCents} >= 0`),
    check('missions_goal_check', sql`${t.goal} > 0`),
    check('missions_spots_check', sql`${t.spots} >= 0`),
  ],
)

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    state: text('state', { enum: dealStates }).notNull().default('inprogress'),
    progress: integer('progress').notNull().default(0),
    earnedCents: cents('earned_cents').notNull().default(0),
    widgetToken: text('widget_token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: moment('finished_at'),
    stoppedAt: moment('stopped_at'),
    // Set when the deal's clicks look bought (a burst far above its normal rate): an admin reviews it
    // and may reject its pending earnings before they become available.
    flaggedAt: moment('flagged_at'),
    flagReason: text('flag_reason'),
  },
  (t) => [
    unique('deals_user_mission_unique').on(t.userId, t.missionId),
    index('deals_mission_idx').on(t.missionId),
    oneOf('deals_state_check', t.state, dealStates),
  ],
)

export const dealEvents = pgTable(
  'deal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Writing order: events of one transaction share created_at, so lists sort by this sequence.
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    type: text('type', { enum: dealEventTypes }).notNull(),
    valid: boolean('valid').notNull().default(true),
    reason: text('reason'),
    visitorHash: text('visitor_hash'),
    // Keyed by the address alone (not the deal): caps valid clicks per address per day across deals.
    addressHash: text('address_hash'),
    amountCents: cents('amount_cents'),
    // Repeated invalid clicks of one visitor are counted on one row rather than stored one row each.
    occurrences: integer('occurrences').notNull().default(1),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('deal_events_deal_created_idx').on(t.dealId, t.createdAt),
    index('deal_events_deal_seq_idx').on(t.dealId, t.seq),
    index('deal_events_deal_visitor_created_idx').on(t.dealId, t.visitorHash, t.createdAt),
    index('deal_events_address_created_idx').on(t.addressHash, t.createdAt),
    index('deal_events_invalid_last_seen_idx').on(t.lastSeenAt).where(sql`not ${t.valid}`),
    oneOf('deal_events_type_check', t.type, dealEventTypes),
  ],
)

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: walletKinds }).notNull().default('person'),
    person: jsonb('person').$type<StoredPerson>(),
    business: jsonb('business').$type<StoredBusiness>(),
    certificationStatus: text('certification_status', { enum: certificationStatuses })
      .notNull()
      .default('none'),
    certificationReason: text('certification_reason'),
    currency: text('currency').notNull().default('EUR'),
    // Cached sum of the ledger, written in the same transaction as each entry; the CHECK makes the
    // database itself refuse any payout that would overdraw, whatever the concurrency.
    balanceCents: cents('balance_cents').notNull().default(0),
    // The part of the balance still on hold (earnings younger than EARNINGS_HOLD_HOURS): payouts may
    // only draw on balance - held, and the CHECKs keep that true whatever the concurrency.
    heldCents: cents('held_cents').notNull().default(0),
    // Cached count of the ledger's entries, written with each entry like the balance: the
    // transactions page shows it on every visit, and counting the entries each time grows with them.
    ledgerEntryCount: integer('ledger_entry_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wallets_balance_check', sql`${t.balanceCents} >= 0`),
    check('wallets_held_check', sql`${t.heldCents} >= 0 and ${t.heldCents} <= ${t.balanceCents}`),
    oneOf('wallets_kind_check', t.kind, walletKinds),
    oneOf('wallets_certification_status_check', t.certificationStatus, certificationStatuses),
  ],
)

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    iban: text('iban').notNull(),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('bank_accounts_wallet_idx').on(t.walletId)],
)

/** A SEPA credit-transfer file of payouts: which ones (payouts.batch_id), when, by whom, its message id. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    totalCents: cents('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('payout_batches_total_check', sql`${t.totalCents} > 0`)],
)

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>(),
    /** The SEPA batch this payout left in; set once, where it is still null. */
    batchId: uuid('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_batch_idx').on(t.batchId),
    unique('payouts_wallet_idempotency_unique').on(t.walletId, t.idempotencyKey),
    index('payouts_status_created_idx').on(t.status, t.createdAt),
    check('payouts_amount_check', sql`${t.amountCents} > 0`),
    oneOf('payouts_status_check', t.status, payoutStatuses),
  ],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Writing order (entries of one transaction share created_at).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    payoutId: uuid('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    // Earnings are held until available_at (null: available at once, e.g. an admin's adjustment).
    availableAt: moment('available_at'),
    // True while the entry's amount is counted in wallets.held_cents; cleared on release or rejection.
    held: boolean('held').notNull().default(false),
    rejectedAt: moment('rejected_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // The transactions page's order (newest first, id breaking ties): a page is read off the index.
    index('ledger_entries_wallet_created_idx').on(t.walletId, t.createdAt, t.id),
    index('ledger_entries_wallet_seq_idx').on(t.walletId, t.seq),
    index('ledger_entries_held_idx').on(t.walletId, t.availableAt).where(sql`${t.held}`),
    index('ledger_entries_deal_idx').on(t.dealId),
    index('ledger_entries_available_idx').on(t.availableAt).where(sql`${t.availableAt} is not null`),
    oneOf('ledger_entries_kind_check', t.kind, ledgerKinds),
  ],
)

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: kycKinds }).notNull(),
    storedName: text('stored_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: text('status', { enum: kycStatuses }).notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedAt: moment('reviewed_at'),
  },
  (t) => [
    index('kyc_documents_wallet_idx').on(t.walletId),
    index('kyc_documents_status_created_idx').on(t.status, t.createdAt),
    oneOf('kyc_documents_kind_check', t.kind, kycKinds),
    oneOf('kyc_documents_status_check', t.status, kycStatuses),
  ],
)

export const content = pgTable(
  'content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain', { enum: contentDomains }).notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    topic: text('topic'),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('content_domain_locale_code_unique').on(t.domain, t.locale, t.code),
    oneOf('content_domain_check', t.domain, contentDomains),
    oneOf('content_locale_check', t.locale, locales),
  ],
)

export const selections = pgTable('selections', {
  id: text('id').primaryKey(),
  missionCodes: text('mission_codes').array().notNull().default(sql`'{}'::text[]`),
})

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    locale: text('locale', { enum: locales }).notNull().default('en'),
    status: text('status', { enum: newsletterStatuses }).notNull().default('pending'),
    tokenHash: text('token_hash').notNull().unique(),
    confirmedAt: moment('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(lower(t.email)),
    oneOf('newsletter_subscribers_status_check', t.status, newsletterStatuses),
    oneOf('newsletter_subscribers_locale_check', t.locale, locales),
  ],
)

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
})

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    // Denied calls are aggregated: one row per actor, action and target per hour, counted here.
    occurrences: integer('occurrences').notNull().default(1),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_target_idx').on(t.action, t.target, t.lastSeenAt),
  ],
)

/**
 * Money added to a mission's budget: by card (a Stripe PaymentIntent, credited when its
 * webhook says it succeeded) or by an admin (manual, audited). A succeeded top-up has added its amount
 * to missions.budget_cents in the transaction that marked it succeeded, under the mission's row lock.
 */
export const budgetTopUps = pgTable(
  'budget_top_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    source: text('source', { enum: topUpSources }).notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    status: text('status', { enum: topUpStatuses }).notNull().default('pending'),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
    /** What Stripe refunded of it so far (cumulative, as Stripe reports it): out of the budget. */
    refundedCents: cents('refunded_cents').notNull().default(0),
    /** The amount its dispute questions: out of the budget while open or once lost, back once won. */
    disputedCents: cents('disputed_cents').notNull().default(0),
    disputeStatus: text('dispute_status', { enum: topUpDisputeStatuses }),
  },
  (t) => [
    index('budget_top_ups_mission_created_idx').on(t.missionId, t.createdAt),
    check('budget_top_ups_amount_check', sql`${t.amountCents} > 0`),
    oneOf('budget_top_ups_source_check', t.source, topUpSources),
    oneOf('budget_top_ups_status_check', t.status, topUpStatuses),
    oneOf('budget_top_ups_dispute_status_check', t.disputeStatus, topUpDisputeStatuses),
    check(
      'budget_top_ups_taken_back_check',
      sql`${t.refundedCents} between 0 and ${t.amountCents} and ${t.disputedCents} between 0 and ${t.amountCents}`,
    ),
  ],
)

/** A brand asks an admin to add an amount to a mission's budget (card payments off): done adds it once. */
export const topUpRequests = pgTable(
  'top_up_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: topUpRequestStatuses }).notNull().default('requested'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: moment('decided_at'),
  },
  (t) => [
    index('top_up_requests_mission_created_idx').on(t.missionId, t.createdAt),
    index('top_up_requests_status_created_idx').on(t.status, t.createdAt),
    check('top_up_requests_amount_check', sql`${t.amountCents} > 0`),
    oneOf('top_up_requests_status_check', t.status, topUpRequestStatuses),
  ],
)
export type TopUpRequestRow = typeof topUpRequests.$inferSelect

/** A brand asks an admin to look at a deal of its mission: shown in the admin deals list. */
export const dealReviewRequests = pgTable(
  'deal_review_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('deal_review_requests_deal_created_idx').on(t.dealId, t.createdAt)],
)

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
export type SessionRow = typeof sessions.$inferSelect
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect
export type PlatformRow = typeof platforms.$inferSelect
export type ProviderRow = typeof providers.$inferSelect
export type ProviderMemberRow = typeof providerMembers.$inferSelect
export type ProviderInvitationRow = typeof providerInvitations.$inferSelect
export type BudgetTopUpRow = typeof budgetTopUps.$inferSelect
export type MissionRow = typeof missions.$inferSelect
export type NewMissionRow = typeof missions.$inferInsert
export type DealRow = typeof deals.$inferSelect
export type DealEventRow = typeof dealEvents.$inferSelect
export type WalletRow = typeof wallets.$inferSelect
export type BankAccountRow = typeof bankAccounts.$inferSelect
export type PayoutRow = typeof payouts.$inferSelect
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect
export type KycDocumentRow = typeof kycDocuments.$inferSelect
export type ContentRow = typeof content.$inferSelect
export type NewContentRow = typeof content.$inferInsert
export type SelectionRow = typeof selections.$inferSelect
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect
export type ContactMessageRow = typeof contactMessages.$inferSelect
export type AuditLogRow = typeof auditLog.$inferSelect

/**
 * Invoice numbers: one counter row per issuer (the streamer who bills the platform), bumped in the
 * transaction that files the invoice, so the numbers of an issuer run 1, 2, 3… without a gap or a
 * repeat whatever the concurrency (the row lock orders issuers' concurrent invoices; a transaction
 * that files nothing rolls its bump back).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  issuerId: uuid('issuer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
})

/**
 * An issued invoice: its number, assigned once, and what it says, frozen when issued (issuer, lines,
 * totals, VAT treatment), so every download prints the same document, only its words in the reader's
 * language. One per deal.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .unique()
      .references(() => deals.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [unique('invoices_issuer_number_unique').on(t.issuerId, t.number)],
)
export type InvoiceRow = typeof invoices.$inferSelect

/**
 * A device's Web Push subscription: where the browser's push service takes messages for
 * it, the keys its messages are encrypted with, and the language they are written in. It belongs to
 * the session that made it: revoking that session deletes it (trigger of migration 0007).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceLabel: text('device_label').notNull(),
    locale: text('locale', { enum: locales }).notNull().default('en'),
    createdAt: createdAt(),
    lastSentAt: moment('last_sent_at'),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
    oneOf('push_subscriptions_locale_check', t.locale, locales),
  ],
)
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

/**
 * Notifications to send, written in the transaction of the event that causes them; a node claims a
 * row (FOR UPDATE SKIP LOCKED) by moving its next attempt on, sends, then stamps `sent_at`.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: moment('sent_at'),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
)
export type PushOutboxRow = typeof pushOutbox.$inferSelect

/**
 * Ledger entries whose end of hold was notified ("earnings available"): a hold ends with
 * time, not with a write, so a sweep records each entry here once as it queues the notification.
 */
export const pushEarningsNotified = pgTable(
  'push_earnings_notified',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    notifiedAt: moment('notified_at').notNull().defaultNow(),
  },
  (t) => [index('push_earnings_notified_at_idx').on(t.notifiedAt)],
)

/**
 * The VAPID key pair generated when none is configured: in the database every node shares,
 * one row at most, so all nodes sign pushes with the key the devices subscribed to.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: boolean('id').primaryKey().default(true),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id}`)],
)

/**
 * Idempotency-Key claims of the actions that may be sent twice (a queued action sent by the page and
 * by the service worker, a retry after a lost answer): one row per user and key, claimed before the
 * action runs, holding the first answer once it succeeded, so every later request with that key is
 * answered with it instead of acting again. Pruned a day after (idempotency.ts).
 */
export const idempotentRequestStatuses = ['pending', 'done'] as const
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The endpoint's name in the table (src/shared/endpoints.ts). */
    endpoint: text('endpoint').notNull(),
    /** SHA-256 of the endpoint, path parameters and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: idempotentRequestStatuses }).notNull().default('pending'),
    httpStatus: integer('http_status'),
    /** The first answer's JSON text (a jsonb string, so the replay is byte for byte what was sent). */
    answer: jsonb('answer').$type<string>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('idempotent_requests_user_key_unique').on(t.userId, t.key),
    index('idempotent_requests_created_idx').on(t.createdAt),
    oneOf('idempotent_requests_status_check', t.status, idempotentRequestStatuses),
  ],
)
export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect

/**
 * Tracked clicks as they arrive (click-intake.ts): one append each, before the viewer's redirect, then
 * settled in arrival order by click-settlement.ts. The identity is computed at arrival (the request's
 * address and rate limit are only known then); `refusal` is a reason already certain then.
 */
export const clickIntake = pgTable(
  'click_intake',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: its KEY SHARE lock on the deal row would be a lock every click of a raid shares.
    dealId: uuid('deal_id').notNull(),
    /** The client's network (IPv4, or IPv6 /64), for the owner check; null when it was no address. */
    network: text('network'),
    visitorHash: text('visitor_hash').notNull(),
    addressHash: text('address_hash'),
    refusal: text('refusal'),
    viewerId: uuid('viewer_id'),
    createdAt: createdAt(),
    settledAt: moment('settled_at'),
  },
  (t) => [
    index('click_intake_pending_idx').on(t.dealId, t.id).where(sql`${t.settledAt} is null`),
    index('click_intake_settled_idx').on(t.settledAt).where(sql`${t.settledAt} is not null`),
  ],
)
export type ClickIntakeRow = typeof clickIntake.$inferSelect
