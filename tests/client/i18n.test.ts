import { i18n } from '@lingui/core'
import { afterEach, expect, test, vi } from 'vitest'
import { activateLocale, detectLocale, localeCookie, setLocale } from '#client/lib/i18n.ts'

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie the code under test wrote.
  document.cookie = `${localeCookie}=; Max-Age=0; Path=/`
})

test('the saved cookie wins over the browser languages', () => {
  expect(detectLocale(`theme=dark; ${localeCookie}=es`, ['fr-FR', 'en'])).toBe('es')
})

test('without a cookie the first supported browser language is used', () => {
  expect(detectLocale('', ['de-DE', 'fr-CA', 'es'])).toBe('fr')
})

test('an unknown cookie value is ignored', () => {
  expect(detectLocale(`${localeCookie}=klingon`, ['es-MX'])).toBe('es')
})

test('with nothing usable the locale is English', () => {
  expect(detectLocale('', ['de-DE', 'ja'])).toBe('en')
})

test('choosing a locale saves the cookie and switches the catalog and <html lang>', async () => {
  await setLocale('fr')
  expect(document.cookie).toContain(`${localeCookie}=fr`)
  expect(detectLocale(document.cookie, ['es'])).toBe('fr')
  expect(i18n.locale).toBe('fr')
  expect(document.documentElement.lang).toBe('fr')
})

test('a catalog that cannot load only reaches the console', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const loadAndActivate = vi.spyOn(i18n, 'loadAndActivate').mockImplementationOnce(() => {
    throw new Error('broken catalog')
  })
  await expect(activateLocale('es')).resolves.toBeUndefined()
  expect(error).toHaveBeenCalledOnce()
  loadAndActivate.mockRestore()
  error.mockRestore()
})
