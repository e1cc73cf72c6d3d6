import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { Controller, type FieldError, type FieldPath, get, useForm, useWatch } from 'react-hook-form'
import { DateInput } from '#client/components/ui/date-input.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { notify } from '#client/lib/toast.ts'
import type { Address, Wallet, WalletBody, WalletKind } from '#shared/contract/wallet.ts'
import { readError, walletMessage } from '../messages'
import { saveWallet } from '../mutations'

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postalCode', 'country'] as const

type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>

/** The form's fields as typed (all text), shaped as the API's body; `walletBody` cleans them up. */
interface WalletValues {
  kind: WalletKind
  person: { firstName: string; lastName: string; birthDate: string; phone: string; address: AddressValues }
  business: { name: string; registrationNumber: string; vatNumber: string; address: AddressValues }
}

function addressValues(known: Address | undefined): AddressValues {
  return {
    line1: known?.line1 ?? '',
    line2: known?.line2 ?? '',
    city: known?.city ?? '',
    postalCode: known?.postalCode ?? '',
    country: known?.country ?? 'FR',
  }
}

function initialValues(wallet: Wallet | null, kind?: WalletKind): WalletValues {
  const person = wallet?.person
  const business = wallet?.business
  return {
    kind: kind ?? wallet?.kind ?? 'person',
    person: {
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      birthDate: person?.birthDate ?? '',
      phone: person?.phone ?? '',
      address: addressValues(person?.address),
    },
    business: {
      name: business?.name ?? '',
      registrationNumber: business?.registrationNumber ?? '',
      vatNumber: business?.vatNumber ?? '',
      address: addressValues(business?.address),
    },
  }
}

/** Optional fields are left out when empty rather than sent as '' (the API treats '' as a value). */
function address(values: AddressValues): Address {
  const line2 = values.line2.trim()
  return {
    line1: values.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: values.city.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim().toUpperCase(),
  }
}

function walletBody(values: WalletValues): WalletBody {
  const { person, business } = values
  const phone = person.phone.trim()
  const vatNumber = business.vatNumber.trim()
  return {
    kind: values.kind,
    person: {
      firstName: person.firstName.trim(),
      lastName: person.lastName.trim(),
      birthDate: person.birthDate.trim(),
      ...(phone ? { phone } : {}),
      address: address(person.address),
    },
    ...(values.kind === 'business'
      ? {
          business: {
            name: business.name.trim(),
            registrationNumber: business.registrationNumber.trim(),
            ...(vatNumber ? { vatNumber } : {}),
            address: address(business.address),
          },
        }
      : {}),
  }
}

/** Every text field's name in the form, as react-hook-form paths (`person.address.city`). */
type TextField = Exclude<FieldPath<WalletValues>, 'kind' | 'person' | 'business' | `${string}address`>

/**
 * Creates the wallet (no wallet yet) or edits it: who is paid, as a person or through a business.
 * `kind` starts the form on another choice than the wallet's (a person moving to a business).
 */
export function WalletForm({
  username,
  wallet,
  kind: startKind,
}: {
  username: string
  wallet: Wallet | null
  kind?: WalletKind
}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  // The server checks the details (the app has no rule of its own to add): its field errors are
  // set on their fields as keys, its other refusals on `root.server`, one per line.
  const form = useForm<WalletValues>({
    defaultValues: initialValues(wallet, startKind),
    reValidateMode: 'onSubmit',
  })
  const { errors, isSubmitting: saving } = form.formState
  const kind = useWatch({ control: form.control, name: 'kind' })
  const general = errors.root?.server?.message?.split('\n') ?? []

  const field = (
    name: TextField,
    label: string,
    props: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => {
    const key = (get(errors, name) as FieldError | undefined)?.message
    return (
      <Field label={label} error={key ? walletMessage(i18n, key) : undefined}>
        {(control) =>
          props.type === 'date' ? (
            // DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD.
            <Controller
              control={form.control}
              name={name}
              render={({ field: date }) => (
                <DateInput
                  {...control}
                  value={date.value}
                  onChange={date.onChange}
                  onBlur={date.onBlur}
                  autoComplete={props.autoComplete}
                  required={props.required ?? true}
                />
              )}
            />
          ) : (
            <input
              {...control}
              type={props.type ?? 'text'}
              autoComplete={props.autoComplete}
              required={props.required ?? true}
              {...form.register(name)}
            />
          )
        }
      </Field>
    )
  }
  const addressFields = (prefix: 'person' | 'business') => (
    <>
      {field(`${prefix}.address.line1`, t`Address`, { autoComplete: 'address-line1' })}
      {field(`${prefix}.address.line2`, t`Address (line 2, optional)`, {
        autoComplete: 'address-line2',
        required: false,
      })}
      <div className="field-row">
        {field(`${prefix}.address.postalCode`, t`Postal code`, { autoComplete: 'postal-code' })}
        {field(`${prefix}.address.city`, t`City`, { autoComplete: 'address-level2' })}
        {field(`${prefix}.address.country`, t`Country code (FR, DE…)`, { autoComplete: 'country' })}
      </div>
    </>
  )

  // Each submit starts clean, as the server may have named a field the form does not show: a
  // leftover error there would keep react-hook-form from ever calling the handler again.
  const submit = (event: FormEvent) => {
    form.clearErrors()
    return send(event)
  }
  const send = form.handleSubmit(async (values) => {
    try {
      const body = walletBody(values)
      // Offline, the change is queued (lib/offline) and sent once the connection is back.
      const outcome = await saveWallet(queryClient, { username, body, create: !wallet })
      if (outcome.queued) {
        void notify('info', t`You are offline: your details will be saved once the connection is back.`)
        return
      }
      void notify('success', wallet ? t`Wallet updated.` : t`Your wallet is ready.`)
    } catch (caught) {
      const readable = readError(i18n, caught, t`The wallet could not be saved. Please try again.`)
      for (const [name, key] of Object.entries(readable.fields)) {
        form.setError(name as FieldPath<WalletValues>, { type: 'server', message: key })
      }
      if (readable.general.length > 0) {
        form.setError('root.server', { type: 'server', message: readable.general.join('\n') })
      }
    }
  })

  return (
    <form className="form wallet-form" onSubmit={submit} noValidate>
      {general.map((message) => (
        <p key={message} className="form-error" role="alert">
          {message}
        </p>
      ))}
      <fieldset>
        <legend>
          <Trans>I am paid as</Trans>
        </legend>
        {(['person', 'business'] as const).map((option) => (
          <label key={option} className="radio">
            <input type="radio" value={option} {...form.register('kind')} />
            {option === 'person' ? <Trans>A person</Trans> : <Trans>A business</Trans>}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Your identity</Trans>
        </legend>
        <div className="field-row">
          {field('person.firstName', t`First name`, { autoComplete: 'given-name' })}
          {field('person.lastName', t`Last name`, { autoComplete: 'family-name' })}
        </div>
        <div className="field-row">
          {field('person.birthDate', t`Date of birth`, { type: 'date', autoComplete: 'bday' })}
          {field('person.phone', t`Phone (optional)`, { type: 'tel', autoComplete: 'tel', required: false })}
        </div>
        {addressFields('person')}
      </fieldset>
      {kind === 'business' ? (
        <fieldset>
          <legend>
            <Trans>Your business</Trans>
          </legend>
          {field('business.name', t`Company name`, { autoComplete: 'organization' })}
          <div className="field-row">
            {field('business.registrationNumber', t`Registration number`)}
            {field('business.vatNumber', t`VAT number (optional)`, { required: false })}
          </div>
          {addressFields('business')}
        </fieldset>
      ) : null}
      <button type="submit" className="button" disabled={saving}>
        {wallet ? <Trans>Save</Trans> : <Trans>Create my wallet</Trans>}
      </button>
    </form>
  )
}
