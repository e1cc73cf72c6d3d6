// Finds the system Chromium for end-to-end tests (Playwright never downloads its own here).
// When it is missing and we run as root with apt available, installs Debian's package;
// otherwise stops with a message saying how to install it.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
)
const found = candidates.find((path) => existsSync(path))
if (found) {
  console.log(`Chromium: ${found}`)
  process.exit(0)
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing Debian\'s "chromium" package...')
  execFileSync('apt-get', ['update'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (existsSync('/usr/bin/chromium')) process.exit(0)
}
console.error(
  'Chromium was not found. Install it (Debian/Ubuntu: "sudo apt-get install chromium") ' +
    'or set CHROMIUM_PATH to a Chromium or Chrome executable, then run the tests again.',
)
process.exit(1)
