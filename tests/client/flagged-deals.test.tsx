import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { FlaggedDeals } from '#client/features/brand/components/flagged-deals.tsx'
import type { BrandStreamerResult } from '#shared/contract/brand.ts'

const flaggedDeal = (validClicks: number, invalidClicks: number): BrandStreamerResult => ({
  dealCode: `deal-${validClicks}-${invalidClicks}`,
  username: `streamer_${validClicks}_${invalidClicks}`,
  state: 'inprogress',
  validClicks,
  invalidClicks,
  earnedCents: validClicks * 40,
  flagged: true,
  reviewRequested: true,
})

test("a flagged deal's clicks are counted in words, singular and plural", () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <FlaggedDeals slug="acme" code="boss-rush" streamers={[flaggedDeal(1, 1), flaggedDeal(12, 3)]} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  expect(screen.getByText(/^1 valid click, 1 click not counted, 0[.,]40\s€ earned$/)).toBeTruthy()
  expect(screen.getByText(/^12 valid clicks, 3 clicks not counted, 4[.,]80\s€ earned$/)).toBeTruthy()
})
