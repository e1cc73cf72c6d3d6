import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Field, FilePicker } from '#client/components/ui/field.tsx'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { bodyResolver, lazyArkResolver, withChecks } from '#client/lib/forms/form-errors.ts'
import { absoluteLink } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { KycDocument, KycKind, Wallet } from '#shared/contract/wallet.ts'
import type { KycUploadFields } from '#shared/contract/wallet-payouts.ts'
import { formatDate } from '#shared/format-date.ts'
import { hasKycExtension, isKycMimeType, KYC_MAX_BYTES, requiredKycKind } from '#shared/kyc-rules.ts'
import { kycKindLabels, kycStatusLabels } from '../labels'
import { readError, walletMessage } from '../messages'
import { uploadKycDocument } from '../mutations'

/** The certification banner: where the user stands, and why. */
export function CertificationBanner({ wallet }: { wallet: Wallet }) {
  const { status, reason } = wallet.stripe.status.person
  return (
    <div className={`certification-banner banner-${status}`} role="status" data-testid="certification-status">
      {status === 'verified' ? (
        <Trans>Your certification is verified. You can be paid out.</Trans>
      ) : status === 'pending' ? (
        <Trans>Your document is being reviewed. This usually takes one or two working days.</Trans>
      ) : status === 'rejected' ? (
        <>
          <Trans>Your document was rejected.</Trans> {reason ? <Trans>Reason: {reason}</Trans> : null}{' '}
          <Trans>Please upload a new one.</Trans>
        </>
      ) : (
        <Trans>Certify your identity to receive payouts.</Trans>
      )}
    </div>
  )
}

/** The shared image/size/ext rules, checked before sending; the server checks the content again. */
function checkKycFile(file: File | null): string | null {
  if (!file) return 'validation.required'
  if (!hasKycExtension(file.name)) return 'validation.ext'
  if (file.type && !isKycMimeType(file.type)) return 'kyc.unsupported_type'
  if (file.size > KYC_MAX_BYTES) return 'kyc.too_large'
  return null
}

interface KycValues {
  kind: KycKind
  document: File | null
}

// The contract checks the kind (arktype loads on the first check); the file is checked by the
// shared rules, in the user's words, before it is sent.
const kycResolver = withChecks(
  bodyResolver<KycValues, KycUploadFields>(
    lazyArkResolver(() =>
      import('#shared/contract/wallet-payouts.ts').then((contract) => contract.KycUploadFields),
    ),
    ({ kind }) => ({ kind }),
  ),
  { document: checkKycFile },
)

export function KycUploadForm({ username, wallet }: { username: string; wallet: Wallet }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<KycValues>({
    defaultValues: { kind: requiredKycKind(wallet.kind), document: null },
    resolver: kycResolver,
    // A file is judged as soon as it is chosen: no one should wait for a send to learn it is too large.
    mode: 'onChange',
  })
  const state = fieldStates(form, (key) => walletMessage(i18n, key))
  // The picker shows the chosen file's name: a new one after a send shows none.
  const [sent, setSent] = useState(0)
  const kinds: Record<KycKind, string> = {
    identity: t`Identity document (ID card, passport)`,
    proof_of_address: t`Proof of address`,
    company_registration: t`Company registration`,
  }

  const submit = form.handleSubmit(async ({ kind, document }) => {
    if (!document) return
    try {
      await uploadKycDocument(queryClient, username, kind, document)
      form.reset({ kind, document: null })
      setSent((count) => count + 1)
      void notify('success', t`Document sent for review.`)
    } catch (caught) {
      const failed = t`The document could not be sent.`
      const readable = readError(i18n, caught, failed)
      const key = readable.fields.document
      // The server's key is worded under the field as the form's own are; the rest is already in words.
      if (key) form.setError('document', { type: 'server', message: key })
      else form.setError('document', { type: 'unsent', message: readable.general[0] ?? failed })
    }
  })
  const sending = form.formState.isSubmitting
  const documentError = form.formState.errors.document
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="kyc-title">
      <h2 id="kyc-title">
        <Trans>Upload a document</Trans>
      </h2>
      <p className="muted">
        {wallet.kind === 'business' ? (
          <Trans>A business is certified with its company registration document.</Trans>
        ) : (
          <Trans>A person is certified with an identity document.</Trans>
        )}{' '}
        <Trans>JPEG, PNG, WebP or PDF, 8 MB at most. Photo metadata is removed on upload.</Trans>
      </p>
      <Field label={<Trans>Document type</Trans>} error={state('kind').error}>
        {(control) => (
          <select {...control} {...form.register('kind')}>
            {(Object.keys(kinds) as KycKind[]).map((value) => (
              <option key={value} value={value}>
                {kinds[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={<Trans>File</Trans>}
        error={documentError?.type === 'unsent' ? documentError.message : state('document').error}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="document"
            render={({ field }) => (
              <FilePicker
                key={sent}
                control={control}
                button={<Trans>Choose a file</Trans>}
                accept="image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf"
                onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              />
            )}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={sending}>
        {sending ? <Trans>Sending…</Trans> : <Trans>Send for review</Trans>}
      </button>
    </form>
  )
}

export function KycDocumentList({
  username,
  documents,
}: {
  username: string
  documents: readonly KycDocument[]
}) {
  const { i18n } = useLingui()
  if (documents.length === 0) return null
  return (
    <section aria-labelledby="kyc-documents-title">
      <h2 id="kyc-documents-title">
        <Trans>Your documents</Trans>
      </h2>
      <ul className="wallet-list">
        {documents.map((document) => (
          <li key={document.id} className="payout-row">
            <span>{formatDate(document.createdAt)}</span>
            <a href={absoluteLink('walletKycDocument', { username, documentId: document.id })} download>
              {i18n._(kycKindLabels[document.kind])}
            </a>
            <span
              className={`status status-${document.status === 'verified' ? 'paid' : document.status === 'rejected' ? 'failed' : 'pending'}`}
            >
              {i18n._(kycStatusLabels[document.status])}
            </span>
            <span className="muted">{document.reason ?? ''}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
