// `npm test` step: lints the OpenAPI document the server publishes with Redocly's recommended rules, so
// a schema keyword no tool knows or a broken reference fails the build before a brand's generator meets it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildOpenApiDocument } from '#server/http/openapi.ts'

const dir = mkdtempSync(join(tmpdir(), 'streamdeals-openapi-'))
const file = join(dir, 'openapi.json')
const document = buildOpenApiDocument({ publicUrl: 'https://streamdeals.app', version: '0.0.0' })
writeFileSync(file, JSON.stringify(document, null, 2))
const result = spawnSync('npx', ['redocly', 'lint', file, '--format=stylish'], {
  stdio: 'inherit',
  // The linter runs offline: no usage report, no update check.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
})
rmSync(dir, { recursive: true, force: true })
process.exit(result.status ?? 1)
