import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { closeAuthModal, openAuthModal } from '#client/features/auth/auth-modal-state.ts'
import { AuthModalHost } from '#client/features/auth/components/auth-modal-host.tsx'

// The forms are a lazy chunk; transforming it (arktype, react-hook-form) the first time takes seconds.
beforeAll(async () => {
  await import('#client/features/auth/components/auth-forms.tsx')
}, 30_000)

function renderHost() {
  // The settings query would call the API: answer it from the cache (no captcha, no Twitch).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(['auth', 'settings'], { turnstileSiteKey: null, twitch: null })
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AuthModalHost />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

test('the auth modal opens in login mode and switches to recovery and registration', async () => {
  const user = userEvent.setup()
  renderHost()
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
  act(() => openAuthModal('login'))
  expect(await screen.findByRole('heading', { name: 'Log in', hidden: true })).toBeTruthy()
  expect(await screen.findByLabelText('Username')).toBeTruthy()
  expect(screen.getByLabelText('Password')).toBeTruthy()

  await user.click(screen.getByRole('button', { name: 'Forgot your password?', hidden: true }))
  expect(screen.getByRole('heading', { name: 'Recover your access', hidden: true })).toBeTruthy()
  expect(await screen.findByLabelText('Username or e-mail')).toBeTruthy()
  expect(screen.queryByLabelText('Password')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Already have an account? Log in', hidden: true }))
  await user.click(screen.getByRole('button', { name: 'No account yet? Sign up', hidden: true }))
  expect(await screen.findByLabelText('E-mail')).toBeTruthy()
  act(() => closeAuthModal())
})

test('validation is passive: nothing before submit, messages on submit, then updated on change', async () => {
  const user = userEvent.setup()
  renderHost()
  act(() => openAuthModal('registration'))
  const password = await screen.findByLabelText('Password')
  await user.type(password, 'weak')
  expect(screen.queryAllByRole('alert', { hidden: true })).toEqual([])
  expect(password.getAttribute('aria-invalid')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Sign up', hidden: true }))
  const alerts = await screen.findAllByRole('alert', { hidden: true })
  expect(alerts.map((alert) => alert.textContent)).toContain(
    'Use at least 8 characters with an upper-case letter, a lower-case letter and a digit.',
  )
  expect(password.getAttribute('aria-invalid')).toBe('true')
  await user.type(password, 'Password1')
  expect(password.getAttribute('aria-invalid')).toBeNull()
  expect(password.closest('.field')?.className).toContain('is-valid')
  act(() => closeAuthModal())
})

test('the creator code field stays hidden until its link is clicked', async () => {
  const user = userEvent.setup()
  renderHost()
  act(() => openAuthModal('registration'))
  await screen.findByLabelText('E-mail')
  expect(screen.queryByLabelText('Creator code')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'I have a creator code', hidden: true }))
  expect(screen.getByLabelText('Creator code')).toBeTruthy()
  act(() => closeAuthModal())
})

test('the close button dismisses the modal', async () => {
  const user = userEvent.setup()
  renderHost()
  act(() => openAuthModal('registration'))
  await user.click(await screen.findByRole('button', { name: 'Close', hidden: true }))
  expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
})
