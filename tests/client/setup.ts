import { i18n } from '@lingui/core'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

// Macros keep their English source text outside production builds, so an empty catalog renders English.
beforeEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
})

afterEach(() => {
  if (typeof document !== 'undefined') cleanup()
})
