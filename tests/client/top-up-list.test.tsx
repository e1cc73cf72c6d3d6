import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { TopUpBox } from '#client/features/brand/components/top-up-box.tsx'
import { brandQueries } from '#client/features/brand/queries.ts'
import type { BrandTopUp } from '#shared/contract/brand.ts'

const topUp = (id: string, extra: Partial<BrandTopUp>): BrandTopUp => ({
  id,
  missionCode: 'boss-rush',
  amount: 2500,
  source: 'card',
  status: 'succeeded',
  refunded: 0,
  disputed: 0,
  dispute: null,
  createdBy: 'nova_owner',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
})

test('a refunded or disputed card top-up says so in the brand’s list, with the amount taken back', () => {
  const client = new QueryClient()
  const items = [
    topUp('a', { status: 'refunded', refunded: 1000 }),
    topUp('b', { status: 'disputed', disputed: 2500, dispute: 'open' }),
    topUp('c', {}),
  ]
  client.setQueryData(brandQueries.topUps('nova', 'boss-rush').queryKey, { items, total: items.length })
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <TopUpBox slug="nova" code="boss-rush" />
      </I18nProvider>
    </QueryClientProvider>,
  )
  expect(screen.getByText('Refunded')).toBeTruthy()
  expect(screen.getByText(/^10[.,]00\s€ refunded, out of the budget$/)).toBeTruthy()
  expect(screen.getByText('Disputed by the card holder')).toBeTruthy()
  expect(screen.getByText(/^25[.,]00\s€ disputed, out of the budget$/)).toBeTruthy()
  expect(screen.getAllByText('Added to the budget')).toHaveLength(1)
})
