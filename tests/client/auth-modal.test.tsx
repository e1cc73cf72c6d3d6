import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { closeAuthModal, openAuthModal } from '../../src/client/features/auth/auth-modal-state'
import { AuthModalHost } from '../../src/client/features/auth/components/auth-modal-host'

function renderHost() {
  return render(
    <I18nProvider i18n={i18n}>
      <AuthModalHost />
    </I18nProvider>,
  )
}

test('the auth modal opens in login mode and switches to recovery and registration', async () => {
  const user = userEvent.setup()
  renderHost()
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
  act(() => openAuthModal('login'))
  expect(await screen.findByRole('heading', { name: 'Log in', hidden: true })).toBeTruthy()
  expect(screen.getByLabelText('Username')).toBeTruthy()
  expect(screen.getByLabelText('Password')).toBeTruthy()

  await user.click(screen.getByRole('button', { name: 'Forgot your password?', hidden: true }))
  expect(screen.getByRole('heading', { name: 'Recover your access', hidden: true })).toBeTruthy()
  expect(screen.queryByLabelText('Password')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Already have an account? Log in', hidden: true }))
  await user.click(screen.getByRole('button', { name: 'No account yet? Sign up', hidden: true }))
  expect(screen.getByLabelText('E-mail')).toBeTruthy()
  act(() => closeAuthModal())
})

test('the close button dismisses the modal', async () => {
  const user = userEvent.setup()
  renderHost()
  act(() => openAuthModal('registration'))
  await user.click(await screen.findByRole('button', { name: 'Close', hidden: true }))
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
})
