// The bare baseline of the API benchmark: Fastify answering a constant JSON body, nothing else.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
app.get('/readyz', async () => ({ status: 'ready' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0))
})
