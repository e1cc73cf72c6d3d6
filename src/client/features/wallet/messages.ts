import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isFetchError } from '#client/lib/fetch-error.ts'
import { ApiException, apiErrorKeys } from '#client/lib/http.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { ApiErrorBody, FormErrorTree } from '#shared/contract/errors.ts'

/** Messages of the wallet API's own error keys; the rest come from the validation catalogue. */
const messages: Record<string, MessageDescriptor> = {
  'payout.minimum': msg`The amount is below the payout minimum.`,
  'payout.not_certified': msg`Your certification must be verified before you can request a payout.`,
  'payout.no_bank_account': msg`Add an active default bank account before requesting a payout.`,
  'payout.idempotency_key_required': msg`The request could not be identified. Please try again.`,
  'wallet.insufficient_balance': msg`Your balance is too low for this amount.`,
  'wallet.insufficient_available': msg`Only your available balance can be paid out: pending earnings become available when their hold ends.`,
  'wallet.exists': msg`You already have a wallet.`,
  // The IBAN rule's reasons (iban-rules.ts): kept here, off the first route, with the bank form.
  'validation.iban_format': msg`This IBAN does not have the length or format of its country.`,
  'validation.iban_checksum': msg`This IBAN’s check digits are wrong: check it for a typo.`,
  'validation.iban_qr': msg`This is a QR-IBAN, for QR-bills only: enter the account’s regular IBAN.`,
  'validation.iban_sepa': msg`Payouts go to bank accounts in SEPA countries only.`,
  'bank_account.duplicate': msg`This bank account is already on your wallet.`,
  'bank_account.too_many': msg`Deactivate a bank account before adding another.`,
  'bank_account.inactive': msg`A deactivated bank account cannot receive payouts.`,
  'kyc.unsupported_type': msg`Upload a JPEG, PNG or WebP image or a PDF file.`,
  'kyc.too_large': msg`The document is larger than 8 MB.`,
  'kyc.unreadable': msg`The image could not be read. Take a new photo or scan and try again.`,
  'kyc.too_many_pending': msg`Too many documents are waiting for review.`,
  'kyc.pdf_active_content': msg`This PDF contains scripts, attachments or automatic actions. Export it again as a plain PDF, or send a photo.`,
  'kyc.pdf_unreadable': msg`This PDF could not be read. Export it again without a password, or send a photo.`,
}

export function walletMessage(i18n: I18n, key: string): string {
  const descriptor = messages[key]
  return descriptor ? i18n._(descriptor) : validationMessage(i18n, key)
}

/** Why the server refused a queued wallet save, in the user's words; undefined when no wallet key says. */
export function walletRefusal(i18n: I18n, error: unknown): string | undefined {
  for (const key of apiErrorKeys(error)) {
    const descriptor = messages[key]
    if (descriptor) return i18n._(descriptor)
  }
  return undefined
}

export interface ReadableError {
  /** First error key per field (top-level field names; nested ones are flattened with dots). */
  fields: Record<string, string>
  /** Form-level messages, already translated. */
  general: string[]
}

function flatten(tree: FormErrorTree, prefix: string, into: Record<string, string>): void {
  for (const [name, node] of Object.entries(tree.children ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name
    const key = node.errors?.[0]
    if (key && !into[path]) into[path] = key
    flatten(node, path, into)
  }
}

/** Turns any API failure into field keys and general messages a form can show. */
export function readError(i18n: I18n, error: unknown, fallback: string): ReadableError {
  const body: ApiErrorBody | undefined =
    error instanceof ApiException
      ? error.body
      : isFetchError(error) && typeof error.data === 'object' && error.data !== null
        ? (error.data as ApiErrorBody)
        : undefined
  if (!body) return { fields: {}, general: [fallback] }
  const fields: Record<string, string> = {}
  if (body.errors) flatten(body.errors, '', fields)
  const general = (body.errors?.errors ?? []).map((key) => walletMessage(i18n, key))
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(body.message || fallback)
  return { fields, general }
}
