/**
 * The API client's failed answer (or missing one), recognised without loading the client: ofetch is
 * loaded with the first API call, not with the first page (`lib/http.ts`), so code that only sorts
 * errors knows ofetch's error by its name rather than by its class.
 */
import type { FetchError } from 'ofetch'

export type { FetchError }

export const isFetchError = (error: unknown): error is FetchError =>
  error instanceof Error && error.name === 'FetchError'
