import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Field, FilePicker } from '#client/components/ui/field.tsx'
import { apiErrorCode } from '#client/features/auth/form-kit.tsx'
import { errorMessage } from '#client/features/auth/messages.ts'
import { notify } from '#client/lib/toast.ts'
import type { User } from '#shared/contract/auth.ts'
import { uploadAvatar } from '../mutations'

// Same limits as the server: 2 MB, and the image types it re-encodes.
const MAX_BYTES = 2 * 1024 * 1024
const EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif']

/** The rules image, size and ext, checked before anything is sent. */
function avatarProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'validation.image'
  if (file.size > MAX_BYTES) return 'validation.size'
  const extension = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!EXTENSIONS.includes(extension)) return 'validation.ext'
  return null
}

export function AvatarUpload({ user }: { user: User }) {
  const { t, i18n } = useLingui()
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const upload = async (file: File) => {
    const local = avatarProblem(file)
    setProblem(local)
    if (local) return
    setPending(true)
    try {
      await uploadAvatar(user.username, file)
      void notify('success', t`Your picture is updated.`)
    } catch (error) {
      setProblem(apiErrorCode(error) === 'FORM_0001' ? 'validation.image' : 'validation.invalid')
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="avatar-upload">
      <Avatar id={user.id} name={user.username} media={user.avatar} size={96} label={t`Your avatar`} />
      <Field
        label={<Trans>Profile picture</Trans>}
        error={problem ? errorMessage(i18n, problem) : undefined}
        hint={<Trans>PNG, JPEG, WebP or GIF, up to 2 MB.</Trans>}
      >
        {(control) => (
          <FilePicker
            control={control}
            button={<Trans>Choose a picture</Trans>}
            accept={EXTENSIONS.map((extension) => `.${extension}`).join(',')}
            disabled={pending}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void upload(file)
              event.target.value = ''
            }}
          />
        )}
      </Field>
    </div>
  )
}
