import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import {
  firstScreenPainted,
  holdRefreshesUntilFirstPaint,
  noteFirstScreenRendered,
  whenFirstScreenPainted,
} from '#client/lib/first-paint.ts'
import { createQueryClient } from '#client/lib/query-client.ts'

/** A screen showing one query's data, as the dashboard shows its cached deals. */
function Balance({ load }: { load: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['balance'], queryFn: load })
  return <p>{data}</p>
}

/** A query client holding a copy saved a minute ago and marked stale, as a cold start seeds it. */
function seededClient() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(['balance'], 'cached 12 €', { updatedAt: Date.now() - 60_000 })
  void queryClient.invalidateQueries({ queryKey: ['balance'], refetchType: 'none' })
  return queryClient
}

test('outside a cold start, cached stale data refetches when its screen mounts, as TanStack Query does', async () => {
  const queryClient = seededClient()
  const load = vi.fn(async () => 'fresh 15 €')
  render(
    <QueryClientProvider client={queryClient}>
      <Balance load={load} />
    </QueryClientProvider>,
  )
  expect(screen.getByText('cached 12 €')).toBeTruthy()
  expect(await screen.findByText('fresh 15 €')).toBeTruthy()
  expect(load).toHaveBeenCalledTimes(1)
})

test('at a cold start the cached screen renders without a request, and refreshes once it has painted', async () => {
  const queryClient = seededClient()
  // The server answers only once the test lets it: nothing else may be asked before the paint.
  let answer: (value: string) => void = () => undefined
  const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)))
  holdRefreshesUntilFirstPaint(queryClient)
  expect(firstScreenPainted()).toBe(false)

  render(
    <QueryClientProvider client={queryClient}>
      <Balance load={load} />
    </QueryClientProvider>,
  )
  expect(screen.getByText('cached 12 €')).toBeTruthy()
  // The render's effects have run: still no request while the first screen paints.
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(load).not.toHaveBeenCalled()

  // The router has rendered the first route; the paint follows, then the stale query is asked for.
  noteFirstScreenRendered()
  await whenFirstScreenPainted()
  expect(firstScreenPainted()).toBe(true)
  expect(load).toHaveBeenCalledTimes(1)
  answer('fresh 15 €')
  expect(await screen.findByText('fresh 15 €')).toBeTruthy()
})

test('should the router never say it rendered, the refreshes start anyway after a few seconds', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
  try {
    const queryClient = seededClient()
    holdRefreshesUntilFirstPaint(queryClient)
    await vi.advanceTimersByTimeAsync(4000)
    expect(firstScreenPainted()).toBe(false)
    await vi.advanceTimersByTimeAsync(2000)
    expect(firstScreenPainted()).toBe(true)
  } finally {
    vi.useRealTimers()
  }
})
