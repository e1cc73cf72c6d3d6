import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { notify } from '#client/lib/toast.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { isValidEmail } from '#shared/email-rule.ts'
import { memberRoleLabels } from '../labels'
import { brandRefusal } from '../messages'
import { inviteMember } from '../mutations'
import { GeneralError } from './form-parts'

/** An owner invites a colleague by e-mail: the mailed link (3 days, one use) lets its holder join. */
export function MemberInvite({ slug }: { slug: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<{ email: string; role: 'owner' | 'member' }>({
    defaultValues: { email: '', role: 'member' },
  })
  const { errors, isSubmitting } = form.formState
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const submit = form.handleSubmit(
    async ({ email, role }) => {
      setGeneral(null)
      try {
        await inviteMember(queryClient, slug, email.trim(), role)
        form.reset()
        void notify('success', t`Invitation sent to ${email.trim()}. The link works for 3 days, once.`)
      } catch (error) {
        setGeneral(brandRefusal(i18n, error))
      }
    },
    () => showFirstError(box.current),
  )
  return (
    <form
      ref={box}
      className="form member-invite"
      onSubmit={submit}
      noValidate
      aria-label={t`Invite a member`}
    >
      <h3>
        <Trans>Invite a member</Trans>
      </h3>
      <GeneralError message={general} />
      <Field label={t`E-mail address`} error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="off"
            {...form.register('email', {
              validate: (text) => {
                if (!text.trim()) return validationMessage(i18n, 'validation.required')
                return isValidEmail(text.trim()) || validationMessage(i18n, 'validation.email')
              },
            })}
          />
        )}
      </Field>
      <Field label={t`Role`} hint={t`Owners also invite and remove members and edit the profile.`}>
        {(control) => (
          <select {...control} {...form.register('role')}>
            <option value="member">{i18n._(memberRoleLabels.member)}</option>
            <option value="owner">{i18n._(memberRoleLabels.owner)}</option>
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
          <Trans>Send the invitation</Trans>
        </button>
      </div>
    </form>
  )
}
