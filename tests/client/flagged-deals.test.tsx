import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { FlaggedDeals } from '#client/features/brand/components/flagged-deals.tsx'
import { api } from '#client/lib/http.ts'
import { notify } from '#client/lib/toast.ts'
import type { BrandStreamerResult } from '#shared/contract/brand.ts'
import { deferred, fieldError, fill, prepareFormTests, renderInApp, sent } from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const apiMock = vi.mocked(api)

prepareFormTests(
  () => import('#shared/contract/brand.ts').then((contract) => contract.BrandDealReviewBody),
  apiMock,
  vi.mocked(notify),
)

const flaggedDeal = (
  validClicks: number,
  invalidClicks: number,
  reviewRequested = true,
): BrandStreamerResult => ({
  dealCode: `deal-${validClicks}-${invalidClicks}`,
  username: `streamer_${validClicks}_${invalidClicks}`,
  state: 'inprogress',
  validClicks,
  invalidClicks,
  earnedCents: validClicks * 40,
  flagged: true,
  reviewRequested,
})

test("a flagged deal's clicks are counted in words, singular and plural", () => {
  renderInApp(
    <FlaggedDeals slug="acme" code="boss-rush" streamers={[flaggedDeal(1, 1), flaggedDeal(12, 3)]} />,
  )
  expect(screen.getByText(/^1 valid click, 1 click not counted, 0[.,]40\s€ earned$/)).toBeTruthy()
  expect(screen.getByText(/^12 valid clicks, 3 clicks not counted, 4[.,]80\s€ earned$/)).toBeTruthy()
})

const askForReview = async (user: ReturnType<typeof userEvent.setup>) => {
  renderInApp(<FlaggedDeals slug="acme" code="boss-rush" streamers={[flaggedDeal(4, 9, false)]} />)
  await user.click(screen.getByRole('button', { name: 'Ask for review: streamer_4_9' }))
}

test('a review request without a message is refused under the message, nothing sent', async () => {
  const user = userEvent.setup()
  await askForReview(user)
  await user.click(screen.getByRole('button', { name: 'Send the request' }))

  expect(await fieldError('What should the administrators look at?')).toBe('This field is required.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('a review request is sent with its message, busy while it is sent, then said in a toast', async () => {
  const user = userEvent.setup()
  const answer = deferred<unknown>()
  apiMock.mockReturnValue(answer.promise as never)
  await askForReview(user)
  await fill(
    user,
    screen.getByLabelText('What should the administrators look at?'),
    'A school club shared it.',
  )
  const button = screen.getByRole('button', { name: 'Send the request' })
  await user.click(button)

  await expect.poll(() => (button as HTMLButtonElement).disabled).toBe(true)
  expect(sent(apiMock, 'brandDealReview')).toEqual({
    params: { slug: 'acme', code: 'boss-rush', dealCode: 'deal-4-9' },
    body: { message: 'A school club shared it.' },
  })
  answer.resolve({})
  await vi.waitFor(() =>
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Review requested: an administrator looks at streamer_4_9’s deal.',
    ),
  )
})
