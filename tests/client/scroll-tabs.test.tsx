import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { markHiddenTabs, ScrollTabs } from '#client/components/ui/scroll-tabs.tsx'

function Tabs() {
  return (
    <ScrollTabs className="sub-nav" label="Compte">
      <a href="/a">Informations personnelles</a>
      <a href="/b">Portefeuille</a>
    </ScrollTabs>
  )
}

/** A tab row 390 px wide whose tabs take `width` px, as the account tabs do on a phone in French. */
async function row(width = 620): Promise<HTMLElement> {
  const router = createRouter({
    routeTree: createRootRoute({ component: Tabs }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(<RouterProvider router={router} />)
  await act(() => router.load())
  const nav = screen.getByRole('navigation', { name: 'Compte' })
  Object.defineProperty(nav, 'clientWidth', { value: 390 })
  Object.defineProperty(nav, 'scrollWidth', { value: width })
  return nav
}

const cues = (nav: HTMLElement) => [nav.hasAttribute('data-more-before'), nav.hasAttribute('data-more-after')]

test('a tab row that hides tabs on the right is marked, so its edge fades', async () => {
  const nav = await row()
  markHiddenTabs(nav)
  expect(cues(nav)).toEqual([false, true])
})

test('scrolling the row moves the cue: both sides in the middle, only the left at the end', async () => {
  const nav = await row()
  nav.scrollLeft = 100
  fireEvent.scroll(nav)
  expect(cues(nav)).toEqual([true, true])
  nav.scrollLeft = 230
  fireEvent.scroll(nav)
  expect(cues(nav)).toEqual([true, false])
})

test('a row where every tab fits has no cue', async () => {
  const nav = await row(390)
  markHiddenTabs(nav)
  expect(cues(nav)).toEqual([false, false])
})
