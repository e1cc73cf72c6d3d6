import { Trans, useLingui } from '@lingui/react/macro'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type } from 'arktype'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import {
  accountFieldStates,
  applyServerErrors,
  CurrentPasswordField,
  FormAlert,
  SubmitButton,
} from '#client/features/auth/form-kit.tsx'
import { ResendVerification } from '#client/features/auth/resend-verification.tsx'
import { arkResolver } from '#client/lib/forms/ark-resolver.ts'
import { sendOrQueue } from '#client/lib/offline/mutation-defaults.ts'
import { useSessionWallet } from '#client/lib/session.ts'
import { notify } from '#client/lib/toast.ts'
import type { User, UserUpdateBody } from '#shared/contract/auth.ts'
import { Email } from '#shared/contract/common.ts'
import { updateAccount } from '../mutations'

interface ProfileValues {
  email: string
  phone: string
  currentPassword: string
}

// Phone is optional: an empty field clears it.
const ProfileSchema = type({
  email: Email,
  phone: type(/^(\+?[0-9 ().-]{6,24})?$/),
  'currentPassword?': 'string',
})

/**
 * Username (read-only), e-mail and phone; changing the e-mail asks for the current password. Once the
 * identity has a phone, it is the account's one phone: shown here read-only, changed with the identity
 * (a phone set here while the identity has none becomes the identity's too).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const wallet = useSessionWallet()
  const identityPhone = wallet?.person.phone ?? null
  const [pending, setPending] = useState(false)
  const form = useForm<ProfileValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: arkResolver(ProfileSchema, ['currentPassword']),
    defaultValues: { email: user.email, phone: user.phone ?? '', currentPassword: '' },
  })
  const emailChanged = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase()

  const submit = form.handleSubmit(async (values) => {
    const body: typeof UserUpdateBody.inferIn =
      identityPhone === null ? { phone: values.phone.trim() || null } : {}
    if (emailChanged) {
      body.email = values.email.trim()
      body.currentPassword = values.currentPassword
    }
    // A queued change must not carry a password (it waits in IndexedDB): e-mail changes need a connection.
    if (emailChanged && !onlineManager.isOnline()) {
      form.setError('root.server', { type: 'server', message: t`Changing your e-mail needs a connection.` })
      return
    }
    setPending(true)
    try {
      if (!emailChanged) {
        const outcome = await sendOrQueue(queryClient, 'profile', {
          username: user.username,
          body: identityPhone === null ? { phone: body.phone ?? null } : {},
        })
        if (outcome.queued) {
          void notify('info', t`You are offline: your profile will be saved once the connection is back.`)
          return
        }
        form.reset({ email: outcome.result.email, phone: outcome.result.phone ?? '', currentPassword: '' })
        void notify('success', t`Your profile is saved.`)
        return
      }
      const updated = await updateAccount(user.username, body)
      form.reset({ email: updated.email, phone: updated.phone ?? '', currentPassword: '' })
      void notify('success', t`Your profile is saved.`)
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        form.setError('root.server', { type: 'server', message: t`Something went wrong. Please try again.` })
      }
    } finally {
      setPending(false)
    }
  })

  const field = accountFieldStates(form, i18n)
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Profile`}>
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <Field label={t`Username`}>
        {(control) => <input {...control} value={user.username} readOnly aria-readonly="true" />}
      </Field>
      <Field
        label={t`E-mail`}
        hint={user.emailVerified ? undefined : <Trans>Not confirmed yet: open the link we mailed you.</Trans>}
        {...field('email')}
      >
        {(control) => <input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      {user.emailVerified ? null : <ResendVerification email={user.email} />}
      {emailChanged ? (
        <CurrentPasswordField form={form} label={t`Current password (to change your e-mail)`} />
      ) : null}
      {identityPhone === null ? (
        <Field label={t`Phone number`} {...field('phone')}>
          {(control) => (
            <input
              {...control}
              type="tel"
              autoComplete="tel"
              placeholder="+33 6 12 34 56 78"
              {...form.register('phone')}
            />
          )}
        </Field>
      ) : (
        <Field
          label={t`Phone number`}
          hint={
            <Trans>
              The phone of your identity.{' '}
              <Link to="/dashboard/account/business">Change it with your identity</Link>
            </Trans>
          }
        >
          {(control) => <input {...control} type="tel" value={identityPhone} readOnly aria-readonly="true" />}
        </Field>
      )}
      <SubmitButton pending={pending}>
        <Trans>Save my profile</Trans>
      </SubmitButton>
    </form>
  )
}
