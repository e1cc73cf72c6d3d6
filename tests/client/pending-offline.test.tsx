import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { PendingPage } from '#client/components/ui/pending-page.tsx'
import { renderInApp } from './support/form-kit'

const jsdomScrollTo = window.scrollTo
afterEach(() => {
  onlineManager.setOnline(true)
  window.scrollTo = jsdomScrollTo
})

test('a page waiting offline for data it cannot get says so instead of spinning, and spins again online', async () => {
  // As in Chromium, where scroll methods return a promise.
  window.scrollTo = (() => Promise.resolve()) as typeof window.scrollTo
  onlineManager.setOnline(false)
  renderInApp(<PendingPage />)
  expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeTruthy()
  expect(screen.queryByText('Loading…')).toBeNull()
  act(() => onlineManager.setOnline(true))
  expect(screen.queryByRole('heading', { name: 'You are offline' })).toBeNull()
  expect(screen.getByText('Loading…')).toBeTruthy()
})
