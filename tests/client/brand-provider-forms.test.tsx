/**
 * A brand's application and its profile: checked by the contract before they are sent (the error
 * under its field, in words), sent as the portal sends them (JSON in `payload`, the logo beside it),
 * a taken name said under the name, busy while sent.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentProps } from 'react'
import { expect, test, vi } from 'vitest'
import { ApplyPage } from '#client/features/brand/components/apply-form.tsx'
import { ProfileForm } from '#client/features/brand/components/profile-form.tsx'
import { ApiException, api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandProvider } from '#shared/contract/brand.ts'
import {
  deferred,
  fieldError,
  fill,
  novaGames,
  payloadOf,
  prepareFormTests,
  renderInApp,
  sent,
} from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))
// The page after an application links into the portal: a plain link here, without a router.
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  Link: ({ children }: ComponentProps<'a'>) => <a href="/dashboard/provider">{children}</a>,
}))

const apiMock = vi.mocked(api)

const provider: BrandProvider = { ...novaGames, role: 'owner' }

// Both forms' schemas: the application's and the profile's.
prepareFormTests(
  () =>
    import('#shared/contract/brand.ts').then((contract) => (value: unknown) => [
      contract.BrandProviderApplyBody(value),
      contract.BrandProviderUpdateBody(value),
    ]),
  apiMock,
  vi.mocked(notify),
)

test('an application without a name, or with a translation but no English, is refused under its fields', async () => {
  const user = userEvent.setup()
  renderInApp(<ApplyPage />)
  const description = screen.getByRole('group', { name: 'Description' })
  await fill(user, within(description).getByLabelText('French'), 'Studio indépendant.')
  await user.click(screen.getByRole('button', { name: 'Send the application' }))

  expect(await fieldError('Brand name')).toBe('This field is required.')
  expect(within(description).getByLabelText('English').getAttribute('aria-invalid')).toBe('true')
  expect(within(description).getByRole('alert').textContent).toBe('This field is required.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('an application is sent with its texts and logo, busy while sent, then the brand waits for approval', async () => {
  const user = userEvent.setup()
  const answer = deferred<BrandProvider>()
  apiMock.mockImplementation(((name: string) =>
    name === 'brandProviderApply' ? answer.promise : Promise.resolve({ items: [] })) as never)
  renderInApp(<ApplyPage />)
  await fill(user, screen.getByLabelText('Brand name'), 'Nova Games')
  const description = screen.getByRole('group', { name: 'Description' })
  await fill(user, within(description).getByLabelText('English'), 'Independent studio.')
  const logo = new File(['png'], 'logo.png', { type: 'image/png' })
  await user.upload(screen.getByLabelText('Logo (image)'), logo)
  const button = screen.getByRole('button', { name: 'Send the application' })
  await user.click(button)

  await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true)
  const { body } = sent(apiMock, 'brandProviderApply')
  expect(payloadOf(body)).toEqual({ name: 'Nova Games', description: { en: 'Independent studio.' } })
  expect((body as FormData).get('logo')).toEqual(logo)
  answer.resolve({ ...provider, status: 'pending' })
  expect(await screen.findByRole('heading', { name: 'Application sent' })).toBeTruthy()
})

test('a name whose address another brand has is said under the name, in words', async () => {
  const user = userEvent.setup()
  apiMock.mockRejectedValue(
    new ApiException({
      code: 'CONFLICT',
      message: 'This slug is already used',
      errors: { children: { slug: { errors: ['provider.slug_taken'] } } },
    }),
  )
  renderInApp(<ApplyPage />)
  await fill(user, screen.getByLabelText('Brand name'), 'Nova Games')
  await user.click(screen.getByRole('button', { name: 'Send the application' }))

  expect(await fieldError('Brand name')).toBe('A brand with this name already exists. Choose another name.')
})

test('a profile without a name is refused under the name, nothing sent', async () => {
  const user = userEvent.setup()
  renderInApp(<ProfileForm provider={provider} />)
  await user.clear(screen.getByLabelText('Brand name'))
  await user.click(screen.getByRole('button', { name: 'Save the profile' }))

  expect(await fieldError('Brand name')).toBe('This field is required.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('a profile is saved with its texts and theme, busy while sent, then said in a toast', async () => {
  const user = userEvent.setup()
  const answer = deferred<BrandProvider>()
  apiMock.mockImplementation(((name: string) =>
    name === 'brandProviderUpdate' ? answer.promise : Promise.resolve({ items: [] })) as never)
  renderInApp(<ProfileForm provider={provider} />)
  const description = screen.getByRole('group', { name: 'Description' })
  await fill(user, within(description).getByLabelText('Spanish'), 'Estudio independiente.')
  await user.selectOptions(screen.getByLabelText('Widget theme'), 'default')
  const button = screen.getByRole('button', { name: 'Save the profile' })
  await user.click(button)

  await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true)
  const { params, body } = sent(apiMock, 'brandProviderUpdate')
  expect(params).toEqual({ slug: 'nova-games' })
  expect(payloadOf(body)).toEqual({
    name: 'Nova Games',
    description: { en: 'Independent studio.', es: 'Estudio independiente.' },
    theme: 'default',
  })
  answer.resolve(provider)
  await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Profile saved'))
})
