import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { EuroField } from '#client/components/ui/euro-field.tsx'
import { parseEuroAmount } from '#client/lib/forms/euro-amount.ts'
import { useOnline } from '#client/lib/offline/use-online.ts'
import { notify } from '#client/lib/toast.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { Money } from '#shared/contract/common.ts'
import type { Wallet } from '#shared/contract/wallet.ts'
import { formatMoney } from '#shared/format.ts'
import { readError, walletMessage } from '../messages'
import { requestPayout } from '../mutations'

/** Why a payout cannot be asked for right now, or null when it can. */
function blocker(wallet: Wallet, minimum: Money, online: boolean): string | null {
  if (!online) return 'offline'
  if (wallet.stripe.status.person.status !== 'verified') return 'payout.not_certified'
  if (!wallet.informations.bankAccounts.some((account) => account.active && account.isDefault)) {
    return 'payout.no_bank_account'
  }
  // Only the available part can be paid out: pending earnings wait for the end of their hold. Said
  // of the balance, not of an amount nobody has typed yet (no error before input).
  if (wallet.available.amount < minimum.amount) {
    return wallet.balance.amount >= minimum.amount ? 'wallet.insufficient_available' : 'balance_below_minimum'
  }
  return null
}

/**
 * The payout form. Money is never queued offline: offline, the form is disabled and says
 * why. One Idempotency-Key per attempt: retrying the same amount after a lost answer reuses it.
 */
export function PayoutForm({
  username,
  wallet,
  minimum,
}: {
  username: string
  wallet: Wallet
  minimum: Money
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const online = useOnline()
  // The error is kept in the user's words: it comes from the amount's reader, the wallet's rules or
  // the server's answer, each with its own catalogue.
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } })
  const sending = form.formState.isSubmitting
  const setError = (message: string | null) => {
    if (message) form.setError('amount', { type: 'refused', message })
  }
  const attempt = useRef<{ cents: number; key: string } | null>(null)
  const blocked = blocker(wallet, minimum, online)
  // The reason the form is closed is read with the disabled field, not only above it.
  const reasonId = useId()

  const submit = form.handleSubmit(async ({ amount }) => {
    const read = parseEuroAmount(amount)
    if (!read.ok)
      return setError(
        validationMessage(i18n, read.error === 'validation.required' ? 'amount.invalid' : read.error),
      )
    const { cents } = read
    if (cents <= 0) return setError(validationMessage(i18n, 'amount.invalid'))
    if (cents < minimum.amount) return setError(walletMessage(i18n, 'payout.minimum'))
    if (cents > wallet.available.amount) {
      const key =
        cents > wallet.balance.amount ? 'wallet.insufficient_balance' : 'wallet.insufficient_available'
      return setError(walletMessage(i18n, key))
    }
    if (attempt.current?.cents !== cents) attempt.current = { cents, key: crypto.randomUUID() }
    try {
      await requestPayout(queryClient, username, cents, attempt.current.key)
      attempt.current = null
      form.reset()
      void notify('success', t`Payout of ${formatMoney(cents)} requested.`)
    } catch (caught) {
      const readable = readError(i18n, caught, t`The payout could not be requested. Please try again.`)
      const field = readable.fields.amount
      setError(field ? walletMessage(i18n, field) : (readable.general[0] ?? null))
    }
  })

  return (
    <section className="wallet-card" aria-labelledby="payout-title">
      <h2 id="payout-title">
        <Trans>Request a payout</Trans>
      </h2>
      {blocked ? (
        <p id={reasonId} className="wallet-notice" role="status">
          {blocked === 'offline' ? (
            <Trans>You are offline. Payouts need a connection, so that money is never sent twice.</Trans>
          ) : blocked === 'balance_below_minimum' ? (
            <Trans>
              Payouts start at {formatMoney(minimum)}: your available balance is{' '}
              {formatMoney(wallet.available)}.
            </Trans>
          ) : (
            walletMessage(i18n, blocked)
          )}
        </p>
      ) : null}
      <form className="form payout-form" onSubmit={submit} noValidate>
        {/* The hint gives way to the error; the balance card above keeps showing the available part. */}
        <EuroField
          label={<Trans>Amount (EUR)</Trans>}
          hint={() => <Trans>Available: {formatMoney(wallet.available)}</Trans>}
          error={form.formState.errors.amount?.message}
          value={form.watch('amount')}
          describedBy={blocked ? reasonId : undefined}
          disabled={blocked !== null || sending}
          registration={form.register('amount', {
            // An error answers the amount sent: a new amount is judged when it is sent.
            onChange: () => form.clearErrors('amount'),
          })}
        />
        <button type="submit" className="button" disabled={blocked !== null || sending}>
          {sending ? <Trans>Requesting…</Trans> : <Trans>Request payout</Trans>}
        </button>
      </form>
    </section>
  )
}
