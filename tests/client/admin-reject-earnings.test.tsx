import { QueryClient } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { adminDealQueries } from '#client/features/deals/admin/admin-queries.ts'
import { DealsTab } from '#client/features/deals/admin/deals-tab.tsx'
import { confirm } from '#client/lib/confirm.ts'
import { api } from '#client/lib/http.ts'
import type { AdminDealItem } from '#shared/contract/admin.ts'
import { renderInApp } from './support/form-kit'

vi.mock('#client/lib/http.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/http.ts')>()),
  api: vi.fn(),
}))
vi.mock('#client/lib/confirm.ts', () => ({ confirm: vi.fn(async () => true) }))
vi.mock('#client/lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }))

const deal: AdminDealItem = {
  code: 'K7P2QX',
  state: 'inprogress',
  progress: 40,
  goal: 100,
  earned: 800,
  missionCode: 'boss-rush',
  missionTitle: 'Boss rush',
  username: 'ada',
  createdAt: '2026-11-01T10:00:00.000Z',
  flaggedAt: '2026-11-02T10:00:00.000Z',
  flagReason: 'clicks from one network',
  pendingEarned: 500,
  reviewRequestedAt: null,
  reviewMessage: null,
}

// The reason's check loads the contract and arktype on its first submit: loaded once here.
beforeAll(async () => {
  await Promise.all([import('#shared/contract/admin.ts'), import('arktype')])
}, 60_000)

beforeEach(() => {
  vi.mocked(api).mockReset()
  vi.mocked(confirm).mockClear()
  Element.prototype.scrollIntoView = () => undefined
})

test('an empty reason is refused under the field; no confirmation is asked and nothing is sent', async () => {
  const user = userEvent.setup()
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(adminDealQueries.deals({ state: '', q: '', flagged: false }).queryKey, {
    items: [deal],
    total: 1,
  })
  renderInApp(<DealsTab />, queryClient)
  await user.click(screen.getByRole('button', { name: 'Reject pending earnings' }))
  const reason = screen.getByLabelText('Reason (shown to the streamer)')
  await user.type(reason, '   ')
  await user.click(screen.getByRole('button', { name: 'Reject' }))

  await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'This field is required.',
  )
  expect(reason.closest('form')?.noValidate).toBe(true)
  expect(confirm).not.toHaveBeenCalled()
  expect(api).not.toHaveBeenCalled()
})
