/**
 * The certification upload: the document checked as soon as it is chosen and again when sent (the
 * error under the file, in words, the server's too), then sent with its kind, busy while sent, a
 * toast, and the picker empty for the next one.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { KycUploadForm } from '#client/features/wallet/components/certification.tsx'
import { ApiException, api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import { deferred, fieldError, prepareFormTests, renderInApp, sent } from './support/form-kit'
import { walletOf } from './support/wallet-fixtures'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const apiMock = vi.mocked(api)

prepareFormTests(
  () => import('#shared/contract/wallet-payouts.ts').then((contract) => contract.KycUploadFields),
  apiMock,
  vi.mocked(notify),
)

// The picker's `accept` would hide a wrong file from the dialog; a user can still drop or pick one.
const setup = () => userEvent.setup({ applyAccept: false })

test('no document, then a file of a type not accepted, is refused under the file, nothing sent', async () => {
  const user = setup()
  renderInApp(<KycUploadForm username="ada" wallet={walletOf()} />)
  await user.click(screen.getByRole('button', { name: 'Send for review' }))
  expect(await fieldError('File')).toBe('This field is required.')

  await user.upload(screen.getByLabelText('File'), new File(['GIF89a'], 'id.gif', { type: 'image/gif' }))
  await expect.poll(() => screen.getByRole('alert').textContent).toBe('This file type is not accepted.')
  await user.click(screen.getByRole('button', { name: 'Send for review' }))
  expect(await fieldError('File')).toBe('This file type is not accepted.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('a document is sent with its kind, busy while sent, then said in a toast and the picker emptied', async () => {
  const user = setup()
  const answer = deferred<unknown>()
  apiMock.mockImplementation(((name: string) =>
    name === 'walletKyc' ? answer.promise : Promise.resolve(walletOf())) as never)
  renderInApp(<KycUploadForm username="ada" wallet={walletOf()} />)
  const photo = new File(['jpeg'], 'id-card.jpg', { type: 'image/jpeg' })
  await user.selectOptions(screen.getByLabelText('Document type'), 'proof_of_address')
  await user.upload(screen.getByLabelText('File'), photo)
  expect(screen.getByTestId('file-picker-name').textContent).toBe('id-card.jpg')
  await user.click(screen.getByRole('button', { name: 'Send for review' }))

  const button = await screen.findByRole('button', { name: 'Sending…' })
  expect((button as HTMLButtonElement).disabled).toBe(true)
  const { params, body } = sent(apiMock, 'walletKyc')
  expect(params).toEqual({ username: 'ada' })
  expect((body as FormData).get('kind')).toBe('proof_of_address')
  expect((body as FormData).get('document')).toEqual(photo)
  answer.resolve({})
  await vi.waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Document sent for review.'))
  expect(screen.getByTestId('file-picker-name').textContent).toBe('No file chosen')
  expect(screen.queryByRole('alert')).toBeNull()
})

test("the server's refusal of a document is said under the file, in words", async () => {
  const user = setup()
  apiMock.mockRejectedValue(
    new ApiException({
      code: 'FORM_0001',
      message: 'Invalid form',
      errors: { children: { document: { errors: ['kyc.pdf_active_content'] } } },
    }),
  )
  renderInApp(<KycUploadForm username="ada" wallet={walletOf()} />)
  await user.upload(screen.getByLabelText('File'), new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }))
  await user.click(screen.getByRole('button', { name: 'Send for review' }))

  expect(await fieldError('File')).toBe(
    'This PDF contains scripts, attachments or automatic actions. Export it again as a plain PDF, or send a photo.',
  )
  expect(notify).not.toHaveBeenCalled()
})
