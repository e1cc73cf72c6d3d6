/**
 * The interface language money is written in when no locale is given. In a browser it is the page's
 * (`<html lang>`, which the client's language switch keeps); a server render has no page, so it sets
 * the language of the render here. Kept apart from format.ts, and off the first route.
 */
let rendering: string | undefined

/** The language of the server render under way (entry-server.tsx), so its amounts match the browser's. */
export function setMoneyLanguage(language: string | undefined): void {
  rendering = language
}

/** The language amounts are written in: the server render's, else the page's; undefined when unknown. */
export function moneyLanguage(): string | undefined {
  return rendering ?? (globalThis.document?.documentElement.lang || undefined)
}
