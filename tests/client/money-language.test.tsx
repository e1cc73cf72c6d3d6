import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { EstimateText, RewardText } from '#client/features/deals/components/mission-reward.tsx'
import { activateLocale } from '#client/lib/i18n.ts'
import { setMoneyLanguage } from '#shared/money-locale.ts'

const NNBSP = '\u202f'
const NBSP = '\u00a0'
const cpc = {
  reward: { model: 'cpc' as const, amount: { amount: 20, currency: 'EUR' as const } },
  goal: 1000,
}

afterEach(() => setMoneyLanguage(undefined))

function show() {
  render(
    <I18nProvider i18n={i18n}>
      <p data-testid="reward">
        <RewardText mission={cpc} />
      </p>
      <EstimateText mission={cpc} />
    </I18nProvider>,
  )
  return {
    reward: screen.getByTestId('reward').textContent,
    estimate: screen.getByTestId('mission-estimate').textContent?.replace(/\s*earn\s*/, ' '),
  }
}

test('in English, amounts are written the English way, like the counts beside them', async () => {
  await activateLocale('en')
  const { reward, estimate } = show()
  expect(reward).toBe('€0.20 per valid click')
  expect(estimate).toBe('1,000 valid clicks → €200.00')
})

test('in French, amounts and counts are both written the French way', async () => {
  await activateLocale('fr')
  const { reward, estimate } = show()
  expect(reward).toContain(`0,20${NBSP}€`)
  expect(estimate).toContain(`1${NNBSP}000`)
  expect(estimate).toContain(`200,00${NBSP}€`)
})
