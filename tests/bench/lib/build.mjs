/**
 * Builds the app for benchmarking into its own folder (never dist/, which `npm run build` and other
 * checks own): the client and its server-render bundle with Vite, the server bundle with esbuild, the migrations beside it, and the
 * bench's own TypeScript entry points (database preparation, the fan-out server).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

export const root = join(import.meta.dirname, '..', '..', '..')

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`)
}

/** Bundles a TypeScript entry for Node next to the server bundle, so it finds the migrations too. */
export async function bundleEntry(entry, outfile) {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    outfile,
    logLevel: 'warning',
  })
}

export async function buildForBench(outDir, { skipClient = false } = {}) {
  if (!skipClient) {
    run('npx', ['vite', 'build', '--outDir', join(outDir, 'client'), '--emptyOutDir', '--logLevel', 'warn'])
    // The server-render bundle beside the client, where the server looks for it: without it the public
    // pages fall back to the bare shell and Lighthouse would measure a page nobody is served.
    run('npx', [
      'vite',
      'build',
      '--ssr',
      'src/client/entry-server.tsx',
      '--outDir',
      join(outDir, 'ssr'),
      '--logLevel',
      'warn',
    ])
  }
  const server = join(outDir, 'server')
  await bundleEntry(join(root, 'src/server/index.ts'), join(server, 'index.js'))
  await bundleEntry(join(import.meta.dirname, '..', 'prepare-db.ts'), join(server, 'prepare-db.js'))
  await bundleEntry(join(import.meta.dirname, '..', 'prepare-clicks.ts'), join(server, 'prepare-clicks.js'))
  await bundleEntry(join(import.meta.dirname, '..', 'fanout-server.ts'), join(server, 'fanout-server.js'))
  rmSync(join(server, 'migrations'), { recursive: true, force: true })
  cpSync(join(root, 'src/server/db/migrations'), join(server, 'migrations'), { recursive: true })
  return { clientDir: join(outDir, 'client'), serverDir: server }
}
