/** The user's own data: all of it in one file, and the account's deletion. */
import { type } from 'arktype'
import { PASSWORD_MAX_LENGTH } from '../validation-rules'
import { IsoDateTime, requiredText } from './common'
import type { EndpointSchemas } from './endpoint-schema'

/**
 * The export's sections (their rows are described by the server's export, one field per stored value):
 * the client saves the document as it came, to a file.
 */
const DataExport = type({
  exportedAt: IsoDateTime,
  profile: 'object',
  identity: { wallet: 'object | null', kycDocuments: 'object[]' },
  bankAccounts: 'object[]',
  deals: 'object[]',
  events: 'object[]',
  ledger: 'object[]',
  payouts: 'object[]',
  invoices: 'object[]',
  sessions: 'object[]',
  notifications: { pushDevices: 'object[]', newsletter: 'object | null' },
  platforms: 'object[]',
  brandMemberships: 'object[]',
})
export type DataExport = typeof DataExport.infer

/** Deleting asks for the password again, as changing the e-mail or the password does. */
const AccountDeleteBody = type({
  '+': 'reject',
  currentPassword: requiredText(PASSWORD_MAX_LENGTH),
})
export type AccountDeleteBody = typeof AccountDeleteBody.infer

/**
 * What the deletion kept, counted, so the page can say it: the money records the law keeps for ten
 * years, now tied to a pseudonymous account that names nobody.
 */
export const AccountDeleted = type({
  deletedAt: IsoDateTime,
  kept: { invoices: 'number.integer', ledgerEntries: 'number.integer', payouts: 'number.integer' },
})
export type AccountDeleted = typeof AccountDeleted.infer

/** The refusals of a deletion, as form error keys the page translates (each says what to do). */
const accountDeletionRefusals = [
  'account.delete_payout_in_flight',
  'account.delete_balance_held',
  'account.delete_balance_available',
] as const
export type AccountDeletionRefusal = (typeof accountDeletionRefusals)[number]

export const privacyEndpoints = {
  accountExport: {
    summary:
      'All of one’s own data in one JSON file (profile, identity, bank accounts, deals and their events, ledger, payouts, invoices, notification devices, sessions); never a password hash or a token; 5 per hour',
    response: DataExport,
  },
  accountDelete: {
    summary:
      'Deletes one’s own account (current password required): personal data erased, sessions and overlay tokens revoked, deals stopped; invoices, ledger entries and payouts kept (ten years) under a pseudonymous account. 409 while a payout is in flight or money is left on the wallet',
    body: AccountDeleteBody,
    response: AccountDeleted,
  },
} as const satisfies Record<string, EndpointSchemas>
