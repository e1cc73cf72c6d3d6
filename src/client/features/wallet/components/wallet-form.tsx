import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { DateInput } from '#client/components/ui/date-input.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { notify } from '#client/lib/toast.ts'
import type { Address, Wallet, WalletBody, WalletKind } from '#shared/contract/wallet.ts'
import { readError, walletMessage } from '../messages'
import { saveWallet } from '../mutations'

type Values = Record<string, string>

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postalCode', 'country'] as const

function initialValues(wallet: Wallet | null): Values {
  const values: Values = { kind: wallet?.kind ?? 'person' }
  const person = wallet?.person
  values['person.firstName'] = person?.firstName ?? ''
  values['person.lastName'] = person?.lastName ?? ''
  values['person.birthDate'] = person?.birthDate ?? ''
  values['person.phone'] = person?.phone ?? ''
  for (const field of ADDRESS_FIELDS) {
    values[`person.address.${field}`] = person?.address[field] ?? (field === 'country' ? 'FR' : '')
    values[`business.address.${field}`] =
      wallet?.business?.address[field] ?? (field === 'country' ? 'FR' : '')
  }
  values['business.name'] = wallet?.business?.name ?? ''
  values['business.registrationNumber'] = wallet?.business?.registrationNumber ?? ''
  values['business.vatNumber'] = wallet?.business?.vatNumber ?? ''
  return values
}

/** Optional fields are left out when empty rather than sent as '' (the API treats '' as a value). */
function address(values: Values, prefix: string): Address {
  const get = (field: string) => (values[`${prefix}.address.${field}`] ?? '').trim()
  return {
    line1: get('line1'),
    ...(get('line2') ? { line2: get('line2') } : {}),
    city: get('city'),
    postalCode: get('postalCode'),
    country: get('country').toUpperCase(),
  }
}

export function walletBody(values: Values): WalletBody {
  const get = (name: string) => (values[name] ?? '').trim()
  const kind = (values.kind === 'business' ? 'business' : 'person') as WalletKind
  return {
    kind,
    person: {
      firstName: get('person.firstName'),
      lastName: get('person.lastName'),
      birthDate: get('person.birthDate'),
      ...(get('person.phone') ? { phone: get('person.phone') } : {}),
      address: address(values, 'person'),
    },
    ...(kind === 'business'
      ? {
          business: {
            name: get('business.name'),
            registrationNumber: get('business.registrationNumber'),
            ...(get('business.vatNumber') ? { vatNumber: get('business.vatNumber') } : {}),
            address: address(values, 'business'),
          },
        }
      : {}),
  }
}

/** Creates the wallet (no wallet yet) or edits it: who is paid, as a person or through a business. */
export function WalletForm({ username, wallet }: { username: string; wallet: Wallet | null }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Values>(() => initialValues(wallet))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [general, setGeneral] = useState<string[]>([])
  const [saving, setSaving] = useState(false)

  const field = (
    name: string,
    label: string,
    props: { type?: string; autoComplete?: string; required?: boolean } = {},
  ) => (
    <Field label={label} error={errors[name] ? walletMessage(i18n, errors[name]) : undefined}>
      {(control) =>
        props.type === 'date' ? (
          // DD/MM/YYYY whatever the browser's language, kept as YYYY-MM-DD.
          <DateInput
            {...control}
            value={values[name] ?? ''}
            onChange={(day) => setValues((current) => ({ ...current, [name]: day }))}
            autoComplete={props.autoComplete}
            required={props.required ?? true}
          />
        ) : (
          <input
            {...control}
            value={values[name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            type={props.type ?? 'text'}
            autoComplete={props.autoComplete}
            required={props.required ?? true}
          />
        )
      }
    </Field>
  )
  const addressFields = (prefix: string) => (
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

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setErrors({})
    setGeneral([])
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
      setErrors(readable.fields)
      setGeneral(readable.general)
    } finally {
      setSaving(false)
    }
  }

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
        {(['person', 'business'] as const).map((kind) => (
          <label key={kind} className="radio">
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={values.kind === kind}
              onChange={() => setValues((current) => ({ ...current, kind }))}
            />
            {kind === 'person' ? <Trans>A person</Trans> : <Trans>A business</Trans>}
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
      {values.kind === 'business' ? (
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
