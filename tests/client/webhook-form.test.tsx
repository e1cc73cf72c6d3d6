/**
 * The brand's webhook form: checked by the contract before it is sent (at least one event), and the
 * server's refusal of the address shown under the address field, in words.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { WebhookForm } from '#client/features/brand/integrations/webhook-form.tsx'
import { ApiException, api } from '#client/lib/http.ts'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))

const apiMock = vi.mocked(api)

// The form's check loads the contract and arktype on its first submit: loaded once here.
beforeAll(async () => {
  await Promise.all([import('#shared/contract/brand-integrations.ts'), import('arktype')])
}, 60_000)

beforeEach(() => {
  apiMock.mockReset()
  Element.prototype.scrollIntoView = () => undefined
})

function renderInApp() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <WebhookForm slug="nova-games" />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

test('a webhook without an event is not sent, and the events group says why', async () => {
  const user = userEvent.setup()
  renderInApp()
  await user.type(screen.getByLabelText('Receiver URL'), 'https://hooks.example/streamdeals')
  for (const box of screen.getAllByRole('checkbox'))
    if ((box as HTMLInputElement).checked) await user.click(box)
  await user.click(screen.getByRole('button', { name: 'Add the webhook' }))

  expect(await screen.findByText('Choose at least one event.')).toBeTruthy()
  expect(apiMock).not.toHaveBeenCalled()
})

test('an address the server refuses shows the rule under the address field', async () => {
  const user = userEvent.setup()
  apiMock.mockRejectedValue(
    new ApiException({
      code: 'FORM_0001',
      message: 'Invalid form',
      errors: { children: { url: { errors: ['webhook.url_not_public'] } } },
    }),
  )
  renderInApp()
  const url = screen.getByLabelText('Receiver URL')
  await user.type(url, 'https://10.0.0.1/hook')
  await user.click(screen.getByRole('button', { name: 'Add the webhook' }))

  await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Use an https address on the public internet (not a local or private network).',
  )
  expect(apiMock).toHaveBeenCalledWith(
    'brandWebhookCreate',
    expect.objectContaining({ body: { url: 'https://10.0.0.1/hook', events: ['deal.clicks_settled'] } }),
  )
})

test('a created webhook shows its signing secret once, then the empty form again', async () => {
  const user = userEvent.setup()
  apiMock.mockResolvedValue({ id: 'hook-1', secret: 'whsec_test_0123456789' })
  renderInApp()
  await user.type(screen.getByLabelText('Receiver URL'), ' https://hooks.example/streamdeals ')
  await user.click(screen.getByRole('button', { name: 'Add the webhook' }))

  expect(await screen.findByText('whsec_test_0123456789')).toBeTruthy()
  expect(apiMock).toHaveBeenCalledWith(
    'brandWebhookCreate',
    expect.objectContaining({
      body: { url: 'https://hooks.example/streamdeals', events: ['deal.clicks_settled'] },
    }),
  )
  await user.click(screen.getByRole('button', { name: 'I have stored it' }))
  expect(((await screen.findByLabelText('Receiver URL')) as HTMLInputElement).value).toBe('')
})
