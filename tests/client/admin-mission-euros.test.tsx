/**
 * The admin's mission form takes money in euros, read by the one euro reader (as the brand portal's
 * form does), and sends cents: a saved mission shows its reward and budget in euros, what the reader
 * cannot read is said under its field, and what it reads goes to the API in cents.
 */
import { QueryClient } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { adminDealQueries } from '#client/features/deals/admin/admin-queries.ts'
import { MissionsTab } from '#client/features/deals/admin/missions-tab.tsx'
import { api } from '#client/lib/http.ts'
import type { AdminMission } from '#shared/contract/admin.ts'
import {
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

const apiMock = vi.mocked(api)

const mission: AdminMission = {
  code: 'boss-rush',
  providerId: novaGames.id,
  providerName: novaGames.name,
  title: { en: 'Boss rush' },
  description: { en: 'Beat every boss live.' },
  tips: { en: '' },
  thumbnail: null,
  tools: { type: 'LINK', parameters: { URL: 'https://nova.example/play?ref=%username%' } },
  reward: { model: 'cpc', amount: 15 },
  goal: 100,
  spots: 10,
  spotsLeft: 10,
  budget: 120_050,
  startsAt: '2026-05-01T00:00:00.000Z',
  endsAt: null,
  status: 'published',
  deals: 0,
  reviewNote: null,
}

prepareFormTests(() => import('#shared/contract/admin.ts').then((contract) => contract.MissionBody), apiMock)

/** A save answers the mission; the lists it then refetches answer lists. */
function answerSaves() {
  apiMock.mockImplementation((async (name: string) =>
    name === 'adminMissionCreate' || name === 'adminMissionUpdate'
      ? mission
      : { items: [], total: 0 }) as never)
}

function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  })
  queryClient.setQueryData(adminDealQueries.providers().queryKey, { items: [novaGames], total: 1 })
  queryClient.setQueryData(adminDealQueries.missions().queryKey, { items: [mission], total: 1 })
  renderInApp(<MissionsTab />, queryClient)
}

// The reward's label names its model ("per valid click"), the budget's says what empty means.
const REWARD = /^Reward (?!model)/
const BUDGET = /^Budget/
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value

test("a saved mission's reward and budget are shown in euros, and saved back in cents", async () => {
  const user = userEvent.setup()
  answerSaves()
  renderTab()
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  expect(value(REWARD)).toBe('0.15')
  expect(value(BUDGET)).toBe('1200.50')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  await vi.waitFor(() => sent(apiMock, 'adminMissionUpdate'))
  expect(payloadOf(sent(apiMock, 'adminMissionUpdate').body)).toMatchObject({
    reward: { model: 'cpc', amount: 15 },
    budget: 120_050,
  })
})

test('amounts the euro reader cannot read are refused under their fields, in words, nothing sent', async () => {
  const user = userEvent.setup()
  renderTab()
  await user.click(screen.getByRole('button', { name: 'Edit' }))
  await fill(user, screen.getByLabelText(REWARD), '1,200')
  await fill(user, screen.getByLabelText(BUDGET), 'ten euros')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  expect(await fieldError(REWARD)).toBe(
    'This amount can be read two ways: write thousands without a separator (1200) and cents with two digits (1,20).',
  )
  expect(await fieldError(BUDGET)).toBe('Enter an amount in euros, like 25 or 25.50.')
  expect(apiMock).not.toHaveBeenCalled()
})

test('a new mission typed in euros the French way is sent in cents', async () => {
  const user = userEvent.setup()
  answerSaves()
  renderTab()
  await user.click(screen.getByRole('button', { name: 'New mission' }))
  const english = (group: string) =>
    within(screen.getByRole('group', { name: group })).getByLabelText('English')
  await fill(user, english('Title'), 'Speedrun')
  await fill(user, english('Description'), 'Finish the game live.')
  await fill(user, screen.getByLabelText('Link template'), 'https://nova.example/speedrun?ref=%username%')
  await fill(user, screen.getByLabelText(REWARD), '0,25')
  await fill(user, screen.getByLabelText(BUDGET), '1 200')
  await user.click(screen.getByRole('button', { name: 'Save' }))

  await vi.waitFor(() => sent(apiMock, 'adminMissionCreate'))
  expect(payloadOf(sent(apiMock, 'adminMissionCreate').body)).toMatchObject({
    providerId: novaGames.id,
    reward: { model: 'cpc', amount: 25 },
    budget: 120_000,
  })
})
