import { Trans, useLingui } from '@lingui/react/macro'
import { type } from 'arktype'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  applyServerErrors,
  CurrentPasswordField,
  confirmsPassword,
  FormAlert,
  NewPasswordFields,
  SubmitButton,
} from '#client/features/auth/form-kit.tsx'
import { arkResolver } from '#client/lib/forms/ark-resolver.ts'
import { notify } from '#client/lib/toast.ts'
import type { User } from '#shared/contract/auth.ts'
import { Password, requiredText } from '#shared/contract/common.ts'
import { changePassword } from '../mutations'

interface PasswordValues {
  currentPassword: string
  plainPassword: string
  confirmation: string
}

// 1024: the server's password length bound.
const PasswordChange = type({
  currentPassword: requiredText(1024),
  plainPassword: Password,
  confirmation: 'string',
}).narrow(confirmsPassword)

/** Changes the password; the server signs out the user's other devices. */
export function PasswordForm({ user }: { user: User }) {
  const { t } = useLingui()
  const [pending, setPending] = useState(false)
  const form = useForm<PasswordValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: arkResolver(PasswordChange),
    defaultValues: { currentPassword: '', plainPassword: '', confirmation: '' },
  })
  const submit = form.handleSubmit(async ({ currentPassword, plainPassword }) => {
    setPending(true)
    try {
      await changePassword(user.username, currentPassword, plainPassword)
      form.reset()
      void notify('success', t`Your password is changed. Your other devices are signed out.`)
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        form.setError('root.server', { type: 'server', message: t`Something went wrong. Please try again.` })
      }
    } finally {
      setPending(false)
    }
  })
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Change my password`}>
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <CurrentPasswordField form={form} label={t`Current password`} />
      <NewPasswordFields form={form} />
      <SubmitButton pending={pending}>
        <Trans>Change my password</Trans>
      </SubmitButton>
    </form>
  )
}
