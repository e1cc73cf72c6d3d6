import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { userEvent } from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { beforeAll, beforeEach, expect, type Mock } from 'vitest'
import type { AdminProvider } from '#shared/contract/admin.ts'

/**
 * What the form tests share: a form rendered as the app renders it (a query client, the active
 * language), the message a field shows, and what a mocked `api()` was sent.
 */

/**
 * A form test file's set-up: the schema that checks the form (`load` gives it) loaded and run once
 * before its tests, arktype with it (a form's check loads them on its first submit, and arktype builds
 * a schema's checker on its first run: both slow on a busy machine), then before each test the
 * `mocks` reset and no layout to scroll into view (jsdom has none).
 */
export function prepareFormTests(load: () => Promise<(value: unknown) => unknown>, ...mocks: Mock[]) {
  beforeAll(async () => {
    const [schema] = await Promise.all([load(), import('arktype')])
    schema({})
  }, 60_000)
  beforeEach(() => {
    for (const mock of mocks) mock.mockReset()
    Element.prototype.scrollIntoView = () => undefined
  })
}

/** A brand as the admin screens list it. */
export const novaGames: AdminProvider = {
  id: '6f1c3d1e-1111-4222-8333-944445555666',
  name: 'Nova Games',
  slug: 'nova-games',
  logo: null,
  description: { en: 'Independent studio.' },
  theme: 'nova',
  status: 'approved',
}

/** Renders `children` as the app does: inside a query client and the active language. */
export function renderInApp(children: ReactNode, queryClient = new QueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>,
  )
  return queryClient
}

/**
 * Puts `text` in a field at once (what is typed counts here, not how): typing key by key re-renders a
 * form per key, which on a busy machine outlasts a test's time.
 */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field)
  await user.paste(text)
}

/** The error under the field labelled `label`, once the form has shown it. */
export async function fieldError(label: string | RegExp): Promise<string | null | undefined> {
  const control = screen.getByLabelText(label)
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true')
  return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent
}

/** The options of the first call of endpoint `name`. */
export function sent(apiMock: Mock, name: string): { params?: unknown; body?: unknown } {
  const call = apiMock.mock.calls.find(([called]) => called === name)
  if (!call) throw new Error(`nothing was sent to ${name}`)
  return call[1] as { params?: unknown; body?: unknown }
}

/** The JSON part of a multipart body (the portal's and the admin's forms carry it in `payload`). */
export function payloadOf(body: unknown): unknown {
  if (!(body instanceof FormData)) throw new Error('the form sent no form data')
  return JSON.parse(String(body.get('payload')))
}

/** A promise the test settles itself, to look at a form while its call is on its way. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}
