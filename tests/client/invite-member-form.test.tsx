/**
 * The admin's invitation of a member to a provider: the address checked before it is sent (its error
 * under the field, in words), then sent with the role, a toast, busy while it is sent.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { InviteMemberForm } from '#client/features/brand/admin/provider-admin.tsx'
import { api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import {
  deferred,
  fieldError,
  fill,
  novaGames,
  prepareFormTests,
  renderInApp,
  sent,
} from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const apiMock = vi.mocked(api)

prepareFormTests(
  () => import('#shared/contract/brand.ts').then((contract) => contract.AdminProviderMemberInviteBody),
  apiMock,
  vi.mocked(notify),
)

test('an address that is no e-mail address is refused under its field, nothing sent', async () => {
  const user = userEvent.setup()
  renderInApp(<InviteMemberForm provider={novaGames} onDone={() => undefined} />)
  await fill(user, screen.getByLabelText('E-mail'), 'ada.example.test')
  await user.click(screen.getByRole('button', { name: 'Send the invitation' }))

  expect(await fieldError('E-mail')).toBe('Enter a valid e-mail address.')
  expect(screen.queryByText(/validation\./)).toBeNull()
  expect(apiMock).not.toHaveBeenCalled()
})

test('an invitation is sent with its role, busy while it is sent, then said in a toast', async () => {
  const user = userEvent.setup()
  const answer = deferred<unknown>()
  apiMock.mockReturnValue(answer.promise as never)
  const onDone = vi.fn()
  renderInApp(<InviteMemberForm provider={novaGames} onDone={onDone} />)
  await fill(user, screen.getByLabelText('E-mail'), 'ada@example.test')
  await user.selectOptions(screen.getByLabelText('Role'), 'owner')
  const button = screen.getByRole('button', { name: 'Send the invitation' })
  await user.click(button)

  await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true)
  expect(sent(apiMock, 'adminProviderMemberInvite')).toEqual({
    params: { id: novaGames.id },
    body: { email: 'ada@example.test', role: 'owner' },
  })
  answer.resolve({})
  await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
  expect(notify).toHaveBeenCalledWith(
    'success',
    'Invitation sent to ada@example.test: they join once they accept it from the mail.',
  )
})
