import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { confirm } from '#client/lib/confirm.ts'
import { notify } from '#client/lib/toast.ts'
import type { BankAccount, Wallet } from '#shared/contract/wallet.ts'
import { formatDate } from '#shared/format-date.ts'
import { type IbanProblem, ibanCountryCode, ibanLength, ibanProblem } from '#shared/iban-rules.ts'
import { normalizeIban } from '#shared/validation-rules.ts'
import { readError, walletMessage } from '../messages'
import { addBankAccount, makeDefaultBankAccount, unactivateBankAccount } from '../mutations'

/** Live IBAN feedback while typing: nothing while too short to judge, then valid or why not. */
function ibanHint(value: string): 'empty' | 'typing' | 'valid' | IbanProblem {
  const iban = normalizeIban(value)
  if (iban.length === 0) return 'empty'
  if (iban.length < 2) return 'typing'
  const country = ibanCountryCode(iban)
  const expected = country ? ibanLength(country) : null
  if (expected !== null && iban.length < expected) return 'typing'
  return ibanProblem(iban) ?? 'valid'
}

/** The country's name in the reader's language (`ES` → "Espagne"), the code itself where unknown. */
function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

export function BankAccountList({
  username,
  accounts,
}: {
  username: string
  accounts: readonly BankAccount[]
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const act = async (run: () => Promise<void>, done: string) => {
    try {
      await run()
      void notify('success', done)
    } catch (caught) {
      void notify('error', readError(i18n, caught, t`The change could not be saved.`).general[0] ?? '')
    }
  }
  if (accounts.length === 0) {
    return (
      <p className="muted">
        <Trans>No bank account yet. Add the one your payouts should go to.</Trans>
      </p>
    )
  }
  return (
    <ul className="wallet-list bank-list">
      {accounts.map((account) => (
        <li key={account.id} className={account.active ? undefined : 'inactive'} data-testid="bank-account">
          <div>
            <strong className="mono">{account.ibanMasked}</strong>
            <div className="muted">
              {account.holderName} · {formatDate(account.createdAt)}
            </div>
          </div>
          <div className="bank-actions">
            {account.isDefault ? (
              <span className="status status-paid">
                <Trans>Default</Trans>
              </span>
            ) : null}
            {!account.active ? (
              <span className="status">
                <Trans>Deactivated</Trans>
              </span>
            ) : null}
            {account.active && !account.isDefault ? (
              <button
                type="button"
                className="button button-ghost"
                onClick={() =>
                  act(
                    () => makeDefaultBankAccount(queryClient, username, account.id),
                    t`Default account changed.`,
                  )
                }
              >
                <Trans>Make default</Trans>
              </button>
            ) : null}
            {account.active ? (
              <button
                type="button"
                className="button button-ghost"
                onClick={async () => {
                  const confirmed = await confirm({
                    title: t`Deactivate this bank account?`,
                    message: t`Payouts will no longer be sent to ${account.ibanMasked}.`,
                    confirmLabel: t`Deactivate`,
                    danger: true,
                  })
                  if (confirmed) {
                    await act(
                      () => unactivateBankAccount(queryClient, username, account.id),
                      t`Bank account deactivated.`,
                    )
                  }
                }}
              >
                <Trans>Deactivate</Trans>
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}

interface BankAccountValues {
  holderName: string
  iban: string
}

/** The checks the form makes before sending: both fields filled, and an IBAN the rules accept. */
function localErrors({ holderName, iban }: BankAccountValues): Partial<BankAccountValues> {
  const errors: Partial<BankAccountValues> = {}
  if (!holderName.trim()) errors.holderName = 'validation.required'
  const refused = normalizeIban(iban) ? ibanProblem(iban) : null
  if (!normalizeIban(iban)) errors.iban = 'validation.required'
  else if (refused) errors.iban = `iban.${refused}`
  return errors
}

/**
 * Who the account is in the name of, as the wallet's identity says: the company when paid as a
 * business, else the person. The bank checks the holder against it, so it is the likely answer.
 */
export function holderNameOf(
  wallet: Pick<Wallet, 'kind' | 'person' | 'business'> | null | undefined,
): string {
  if (!wallet) return ''
  if (wallet.kind === 'business' && wallet.business) return wallet.business.name.trim()
  return `${wallet.person.firstName} ${wallet.person.lastName}`.trim()
}

export function BankAccountForm({ username, holderName = '' }: { username: string; holderName?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  // Field errors hold keys: `iban.<problem>` for the form's own IBAN reasons, the API's otherwise.
  // Errors stay until the next submit, as the live IBAN hint already follows the typing.
  const form = useForm<BankAccountValues>({
    defaultValues: { holderName, iban: '' },
    reValidateMode: 'onSubmit',
  })
  const { errors, isSubmitting: saving } = form.formState
  const iban = useWatch({ control: form.control, name: 'iban' })
  const hint = ibanHint(iban)
  const country = ibanCountryCode(iban) ?? ''
  const name = countryName(i18n.locale, country)
  const hints: Record<ReturnType<typeof ibanHint>, string | null> = {
    empty: null,
    typing: null,
    valid: t`This IBAN is valid.`,
    country: t`This is not an IBAN: it must start with a country code (FR, DE, ES…).`,
    format: t`An IBAN from ${name} does not have this length or format.`,
    checksum: walletMessage(i18n, 'validation.iban_checksum'),
    qr: walletMessage(i18n, 'validation.iban_qr'),
    sepa: t`${name} is outside the SEPA area: payouts go to bank accounts in SEPA countries only.`,
  }
  const problem = hint === 'empty' || hint === 'typing' || hint === 'valid' ? null : hint
  const ibanError = errors.iban?.message
  const holderError = errors.holderName?.message

  // Each submit starts clean, as the server may have named a field the form does not show: a
  // leftover error there would keep react-hook-form from ever calling the handler again.
  const submit = (event: FormEvent) => {
    form.clearErrors()
    return send(event)
  }
  const send = form.handleSubmit(async (values) => {
    const local = localErrors(values)
    for (const [field, key] of Object.entries(local)) {
      form.setError(field as keyof BankAccountValues, { type: 'local', message: key })
    }
    if (Object.keys(local).length > 0) return
    try {
      await addBankAccount(queryClient, username, {
        holderName: values.holderName.trim(),
        iban: normalizeIban(values.iban),
      })
      form.reset()
      void notify('success', t`Bank account added.`)
    } catch (caught) {
      const readable = readError(i18n, caught, t`The bank account could not be added.`)
      for (const [field, key] of Object.entries(readable.fields)) {
        form.setError(field as keyof BankAccountValues, { type: 'server', message: key })
      }
      const general = readable.general[0]
      if (general) form.setError('root.server', { type: 'server', message: general })
    }
  })

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="bank-add-title">
      <h2 id="bank-add-title">
        <Trans>Add a bank account</Trans>
      </h2>
      {errors.root?.server?.message ? (
        <p className="form-error" role="alert">
          {errors.root.server.message}
        </p>
      ) : null}
      <Field label={t`Account holder`} error={holderError ? walletMessage(i18n, holderError) : undefined}>
        {(control) => <input {...control} autoComplete="name" {...form.register('holderName')} />}
      </Field>
      <Field
        label={t`IBAN`}
        error={
          ibanError?.startsWith('iban.')
            ? (hints[ibanError.slice(5) as IbanProblem] ?? undefined)
            : ibanError
              ? walletMessage(i18n, ibanError)
              : problem
                ? (hints[problem] ?? undefined)
                : undefined
        }
        valid={hint === 'valid'}
      >
        {(control) => <input {...control} autoComplete="off" spellCheck={false} {...form.register('iban')} />}
      </Field>
      {hint === 'valid' ? (
        <p className="field-ok" role="status">
          {hints.valid}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={saving}>
        <Trans>Add account</Trans>
      </button>
    </form>
  )
}
