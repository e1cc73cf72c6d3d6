import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Source locale is English; French and Spanish are complete translations (extraction is strict in CI).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/client/locales/{locale}/messages',
      include: ['<rootDir>/src/client'],
      exclude: ['**/node_modules/**', '**/*.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
