import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { applyServerErrors, FormAlert, SubmitButton } from '#client/features/auth/form-kit.tsx'
import { errorMessage } from '#client/features/auth/messages.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { notify } from '#client/lib/toast.ts'
import type { User } from '#shared/contract/auth.ts'
import { CREATOR_CODE_MAX_LENGTH, creatorCodeProblem } from '#shared/creator-code-rules.ts'
import { changeCreatorCode } from '../mutations'

// Here rather than with the account messages: only this form, on a page loaded later, needs them.
const codeMessages: Record<string, MessageDescriptor> = {
  'creator_code.length': msg`Use 4 to 16 letters and digits.`,
  'creator_code.charset': msg`Only letters without accents and digits: no spaces or signs.`,
  'creator_code.reserved': msg`This code could pass for Streamdeals or its team: choose another one.`,
  'creator_code.taken': msg`Another creator already has this code.`,
  'creator_code.retired': msg`Another creator used this code less than 30 days ago: it is still theirs.`,
  'creator_code.too_many_changes': msg`You changed your code 3 times in the last 30 days: try again later.`,
}
const message = (i18n: I18n, key: string) => {
  const descriptor = codeMessages[key]
  return descriptor ? i18n._(descriptor) : errorMessage(i18n, key)
}

/**
 * The creator code viewers type at a shop's checkout: the streamer chooses a readable one. The
 * previous code keeps working for 30 days, which the form says before the change.
 */
export function CreatorCodeForm({ user }: { user: User }) {
  const { t, i18n } = useLingui()
  const [pending, setPending] = useState(false)
  const form = useForm<{ code: string }>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: user.creatorCode },
  })
  const submit = form.handleSubmit(async ({ code }) => {
    setPending(true)
    try {
      const updated = await changeCreatorCode(user.username, code.trim())
      form.reset({ code: updated.creatorCode })
      void notify('success', t`Your creator code is now ${updated.creatorCode}.`)
    } catch (error) {
      if (!applyServerErrors(form.setError, error)) {
        form.setError('root.server', { type: 'server', message: t`Something went wrong. Please try again.` })
      }
    } finally {
      setPending(false)
    }
  })
  const field = fieldStates(form, (key) => message(i18n, key))
  const previous = user.creatorCode
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Creator code`}>
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <Field
        label={t`Your creator code`}
        hint={
          <Trans>
            4 to 16 letters and digits, the way you say it on stream. Your current code, {previous}, keeps
            working for 30 days after a change. You can change it 3 times in 30 days.
          </Trans>
        }
        {...field('code')}
      >
        {(control) => (
          <input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={CREATOR_CODE_MAX_LENGTH}
            {...form.register('code', { validate: (value) => creatorCodeProblem(value.trim()) ?? true })}
          />
        )}
      </Field>
      <SubmitButton pending={pending}>
        <Trans>Save my creator code</Trans>
      </SubmitButton>
    </form>
  )
}
