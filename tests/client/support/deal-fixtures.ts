import { vi } from 'vitest'
import type { User } from '#shared/contract/auth.ts'
import type { Deal, DealEvent } from '#shared/contract/deals.ts'

/** Deals, events and users as the API answers them, for the client's cache and offline tests. */

export const alice: User = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'alice',
  email: 'alice@example.test',
  kind: 'streamer',
  roles: ['user'],
  locale: 'en',
  avatar: null,
  phone: null,
  creatorCode: 'ALICE',
  sponsor: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}

export function dealOf(overrides: Partial<Deal> = {}): Deal {
  return {
    code: 'D-1',
    state: 'inprogress',
    progress: 3,
    goal: 100,
    earned: { amount: 30, currency: 'EUR' },
    mission: {
      code: 'M-1',
      title: 'Play the demo',
      description: '',
      tips: '',
      thumbnail: null,
      provider: { id: 'p1', name: 'Brand', slug: 'brand', logo: null, description: '', theme: 'default' },
      tools: { type: 'LINK', parameters: {} },
      reward: { model: 'cpc', amount: { amount: 10, currency: 'EUR' } },
      goal: 100,
      spots: 10,
      spotsLeft: 4,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      status: 'published',
    },
    user: { username: 'alice' },
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  }
}

export function eventOf(overrides: Partial<DealEvent> = {}): DealEvent {
  const event = {
    id: 'E-1',
    type: 'click' as const,
    valid: true,
    reason: null,
    amount: { amount: 10, currency: 'EUR' as const },
    occurrences: 1,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastSeenAt: '2026-01-02T10:00:00.000Z',
  }
  return { ...event, ...overrides }
}

/** Every request the app sends, answered by `answer` (the client reads `globalThis.fetch` per call). */
export function stubApi(answer: (method: string, path: string) => { status: number; body: unknown }) {
  const calls: { method: string; path: string }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test')
      const method = (init?.method ?? 'GET').toUpperCase()
      calls.push({ method, path: url.pathname })
      const { status, body } = answer(method, url.pathname)
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }),
  )
  return calls
}
