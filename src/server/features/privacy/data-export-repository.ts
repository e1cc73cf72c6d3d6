/**
 * Everything the service holds about one user, as one JSON document they may download (their right of
 * access and to portability). Never a secret: no password hash, no session or overlay token, no push
 * endpoint or key, no idempotency key; and nothing about others (the viewers' click fingerprints stay
 * out of the events).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '#server/db/client.ts'
import {
  bankAccounts,
  dealEvents,
  deals,
  invoices,
  kycDocuments,
  ledgerEntries,
  missions,
  newsletterSubscribers,
  payouts,
  platforms,
  providerMembers,
  providers,
  pushSubscriptions,
  sessions,
  type UserRow,
  wallets,
} from '#server/db/schema.ts'

const iso = (date: Date | null) => date?.toISOString() ?? null

function profile(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    kind: user.kind,
    roles: user.roles,
    locale: user.locale,
    avatar: user.avatar ?? null,
    phone: user.phone ?? null,
    creatorCode: user.creatorCode,
    sponsorCode: user.sponsorCode ?? null,
    createdAt: iso(user.createdAt),
  }
}

async function walletPart(db: Executor, userId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId))
  if (!wallet) return { wallet: null, bankAccounts: [], kycDocuments: [], ledger: [], payouts: [] }
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.walletId, wallet.id))
    .orderBy(asc(bankAccounts.createdAt))
  const documents = await db
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.walletId, wallet.id))
    .orderBy(asc(kycDocuments.createdAt))
  const entries = await db
    .select({ entry: ledgerEntries, dealCode: deals.code })
    .from(ledgerEntries)
    .leftJoin(deals, eq(deals.id, ledgerEntries.dealId))
    .where(eq(ledgerEntries.walletId, wallet.id))
    .orderBy(asc(ledgerEntries.seq))
  const paid = await db
    .select()
    .from(payouts)
    .where(eq(payouts.walletId, wallet.id))
    .orderBy(asc(payouts.createdAt))
  return {
    wallet: {
      kind: wallet.kind,
      person: wallet.person ?? null,
      business: wallet.business ?? null,
      certification: { status: wallet.certificationStatus, reason: wallet.certificationReason },
      currency: wallet.currency,
      balanceCents: wallet.balanceCents,
      heldCents: wallet.heldCents,
      createdAt: iso(wallet.createdAt),
    },
    // The user's own data: the whole IBAN.
    bankAccounts: accounts.map((account) => ({
      id: account.id,
      holderName: account.holderName,
      iban: account.iban,
      country: account.country,
      isDefault: account.isDefault,
      active: account.active,
      createdAt: iso(account.createdAt),
    })),
    kycDocuments: documents.map((document) => ({
      kind: document.kind,
      mimeType: document.mimeType,
      sizeBytes: document.sizeBytes,
      status: document.status,
      reason: document.reason,
      createdAt: iso(document.createdAt),
      reviewedAt: iso(document.reviewedAt),
    })),
    ledger: entries.map(({ entry, dealCode }) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      description: entry.description,
      dealCode,
      payoutId: entry.payoutId,
      availableAt: iso(entry.availableAt),
      held: entry.held,
      rejectedAt: iso(entry.rejectedAt),
      rejectionReason: entry.rejectionReason,
      createdAt: iso(entry.createdAt),
    })),
    payouts: paid.map((payout) => ({
      id: payout.id,
      amountCents: payout.amountCents,
      status: payout.status,
      bankAccountId: payout.bankAccountId,
      createdAt: iso(payout.createdAt),
      updatedAt: iso(payout.updatedAt),
    })),
  }
}

async function dealsPart(db: Executor, userId: string) {
  const rows = await db
    .select({ deal: deals, missionCode: missions.code, missionTitle: missions.title })
    .from(deals)
    .innerJoin(missions, eq(missions.id, deals.missionId))
    .where(eq(deals.userId, userId))
    .orderBy(asc(deals.createdAt))
  const ids = rows.map((row) => row.deal.id)
  const codeOf = new Map(rows.map((row) => [row.deal.id, row.deal.code]))
  const events = ids.length
    ? await db.select().from(dealEvents).where(inArray(dealEvents.dealId, ids)).orderBy(asc(dealEvents.seq))
    : []
  const issued = await db
    .select({ number: invoices.number, issuedAt: invoices.issuedAt, dealCode: deals.code })
    .from(invoices)
    .innerJoin(deals, eq(deals.id, invoices.dealId))
    .where(eq(invoices.issuerId, userId))
    .orderBy(asc(invoices.number))
  return {
    deals: rows.map(({ deal, missionCode, missionTitle }) => ({
      code: deal.code,
      mission: { code: missionCode, title: missionTitle },
      state: deal.state,
      progress: deal.progress,
      earnedCents: deal.earnedCents,
      createdAt: iso(deal.createdAt),
      finishedAt: iso(deal.finishedAt),
      stoppedAt: iso(deal.stoppedAt),
      flaggedAt: iso(deal.flaggedAt),
    })),
    events: events.map((event) => ({
      dealCode: codeOf.get(event.dealId) ?? null,
      type: event.type,
      valid: event.valid,
      reason: event.reason,
      amountCents: event.amountCents,
      occurrences: event.occurrences,
      createdAt: iso(event.createdAt),
      lastSeenAt: iso(event.lastSeenAt),
    })),
    invoices: issued.map((invoice) => ({ ...invoice, issuedAt: iso(invoice.issuedAt) })),
  }
}

async function accountPart(db: Executor, user: UserRow) {
  const signIns = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(asc(sessions.createdAt))
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
    .orderBy(asc(pushSubscriptions.createdAt))
  const connected = await db.select().from(platforms).where(eq(platforms.userId, user.id))
  const memberships = await db
    .select({ brand: providers.name, slug: providers.slug, role: providerMembers.role })
    .from(providerMembers)
    .innerJoin(providers, eq(providers.id, providerMembers.providerId))
    .where(eq(providerMembers.userId, user.id))
  const newsletter = await db
    .select({ status: newsletterSubscribers.status, locale: newsletterSubscribers.locale })
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${user.email})`)
  return {
    sessions: signIns.map((session) => ({
      id: session.id,
      createdAt: iso(session.createdAt),
      lastUsedAt: iso(session.lastUsedAt),
      expiresAt: iso(session.expiresAt),
      revokedAt: iso(session.revokedAt),
      userAgent: session.userAgent,
      ip: session.ip,
    })),
    notifications: {
      pushDevices: devices.map((device) => ({
        label: device.deviceLabel,
        locale: device.locale,
        createdAt: iso(device.createdAt),
        lastSentAt: iso(device.lastSentAt),
      })),
      newsletter: newsletter[0] ?? null,
    },
    platforms: connected.map((platform) => ({
      code: platform.code,
      reference: platform.reference,
      displayName: platform.displayName,
      connectedAt: iso(platform.createdAt),
    })),
    brandMemberships: memberships,
  }
}

/** The whole document, read in one snapshot: a payout meanwhile shows in both its ledger and payouts. */
export function exportUserData(db: Database, user: UserRow) {
  return db.transaction(
    async (tx) => {
      const money = await walletPart(tx, user.id)
      const dealData = await dealsPart(tx, user.id)
      const account = await accountPart(tx, user)
      return document(user, money, dealData, account)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

function document(
  user: UserRow,
  money: Awaited<ReturnType<typeof walletPart>>,
  dealData: Awaited<ReturnType<typeof dealsPart>>,
  account: Awaited<ReturnType<typeof accountPart>>,
) {
  return {
    exportedAt: new Date().toISOString(),
    profile: profile(user),
    identity: {
      wallet: money.wallet,
      kycDocuments: money.kycDocuments,
    },
    bankAccounts: money.bankAccounts,
    deals: dealData.deals,
    events: dealData.events,
    ledger: money.ledger,
    payouts: money.payouts,
    invoices: dealData.invoices,
    ...account,
  }
}
