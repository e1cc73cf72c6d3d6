/**
 * File inputs speak the user's language: the browser's own "Choose File" / "No file chosen" follow
 * the browser's language, so a French user on an English browser read English words.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test } from 'vitest'
import { AvatarUpload } from '#client/features/account/components/avatar-upload.tsx'
import { activateLocale } from '#client/lib/i18n.ts'
import type { User } from '#shared/contract/auth.ts'

const ada: User = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  username: 'ada',
  email: 'ada@example.test',
  kind: 'streamer',
  roles: ['user'],
  locale: 'fr',
  avatar: null,
  phone: null,
  creatorCode: 'MAXPLAYS',
  sponsor: null,
  emailVerified: true,
  createdAt: '2026-11-20T10:00:00.000Z',
}

afterEach(() => activateLocale('en'))

test('in French, the picture input is a labelled button in French, and says which file was chosen', async () => {
  await activateLocale('fr')
  render(
    <I18nProvider i18n={i18n}>
      <AvatarUpload user={ada} />
    </I18nProvider>,
  )
  expect(screen.getByText('Choisir une image').tagName).toBe('LABEL')
  expect(screen.getByTestId('file-picker-name').textContent).toBe('Aucun fichier choisi')
  const input = screen.getByLabelText('Photo de profil', { exact: false }) as HTMLInputElement
  expect(input.type).toBe('file')
  // A file too large for the rules: nothing is sent, its name still shows.
  const big = new File([new Uint8Array(3 * 1024 * 1024)], 'portrait.png', { type: 'image/png' })
  await userEvent.upload(input, big)
  expect(screen.getByTestId('file-picker-name').textContent).toBe('portrait.png')
})
