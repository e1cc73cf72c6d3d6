/**
 * The registration's "I represent a brand" box: ticked, the sign-up asks for a brand
 * account (`kind: 'provider'`); left alone, a streamer's.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { postSignup } from '#client/features/auth/api.ts'
import { closeAuthModal, openAuthModal } from '#client/features/auth/auth-modal-state.ts'
import { AuthModalHost } from '#client/features/auth/components/auth-modal-host.tsx'

vi.mock('#client/features/auth/api.ts', async (original) => ({
  ...(await original<typeof import('#client/features/auth/api.ts')>()),
  // Refused: the test reads what was sent, and nothing navigates.
  postSignup: vi.fn(async () => {
    throw new Error('not sent in this test')
  }),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

beforeAll(async () => {
  await import('#client/features/auth/components/auth-forms.tsx')
}, 30_000)

beforeEach(() => {
  vi.mocked(postSignup).mockClear()
})

function renderHost() {
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

async function signUp(brand: boolean) {
  const user = userEvent.setup()
  renderHost()
  act(() => openAuthModal('registration'))
  await user.type(await screen.findByLabelText('Username'), 'novabrand')
  await user.type(screen.getByLabelText('E-mail'), 'team@nova.example')
  await user.type(screen.getByLabelText('Password'), 'Brand-password-1')
  if (brand) await user.click(screen.getByLabelText('I represent a brand'))
  await user.click(screen.getByRole('button', { name: 'Sign up', hidden: true }))
  await vi.waitFor(() => expect(postSignup).toHaveBeenCalledTimes(1))
  act(() => closeAuthModal())
  return vi.mocked(postSignup).mock.calls[0]?.[0]
}

test('ticking "I represent a brand" signs up a brand account', async () => {
  expect(await signUp(true)).toMatchObject({ username: 'novabrand', kind: 'provider' })
})

test('without the box the account is a streamer’s', async () => {
  expect(await signUp(false)).toMatchObject({ username: 'novabrand', kind: 'streamer' })
})
