import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'

// Ten seconds for in-flight requests to finish before a forced exit: longer than any request we serve.
const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const app = await buildApp({ config })
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: closing sockets and the database')
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out, exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    timer.unref()
    try {
      await app.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`Streamdeals is ready at ${config.publicUrl}`)
  const metricsUrl = await app.listenMetrics()
  if (metricsUrl) app.log.info(`metrics at ${metricsUrl}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
