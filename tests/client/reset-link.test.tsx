import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test, vi } from 'vitest'
import { useAuthModalMode } from '#client/features/auth/auth-modal-state.ts'

const checked: string[] = []
vi.mock('#client/features/auth/api.ts', async (original) => ({
  ...(await original<typeof import('#client/features/auth/api.ts')>()),
  postResetCheck: (token: string) => {
    checked.push(token)
    return Promise.resolve({ usable: false })
  },
}))

function ModalMode() {
  return <output data-testid="modal">{useAuthModalMode() ?? 'closed'}</output>
}

// arktype and react-hook-form make the first transform of this module slow.
beforeAll(async () => {
  await import('#client/features/auth/components/verification.tsx')
}, 30_000)

test('a used or expired reset link says so before any password is typed, and offers a new one', async () => {
  const { ResetPassword } = await import('#client/features/auth/components/verification.tsx')
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <ResetPassword token="spent-token" />
        <ModalMode />
      </I18nProvider>
    </QueryClientProvider>,
  )
  expect(await screen.findByRole('alert')).toHaveProperty(
    'textContent',
    'This link has expired or was already used. Reset links work once, for one hour.',
  )
  expect(checked).toEqual(['spent-token'])
  expect(screen.queryByLabelText(/password/i)).toBeNull()
  await userEvent.setup().click(screen.getByRole('button', { name: 'Get a new link' }))
  expect(screen.getByTestId('modal').textContent).toBe('recovery')
})
