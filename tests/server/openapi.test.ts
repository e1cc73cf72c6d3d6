import { afterAll, beforeAll, expect, test } from 'vitest'
import { endpointSchemas } from '#shared/contract/api.ts'
import { type EndpointName, endpoints, routePath } from '#shared/endpoints.ts'
import { createTestApp, type TestApp } from '../support/test-app'

let harness: TestApp
beforeAll(async () => {
  harness = await createTestApp()
})
afterAll(() => harness.close())

interface Document {
  openapi: string
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>
}

const documented = async () => (await harness.app.inject({ url: '/api/openapi.json' })).json() as Document

test('the API describes itself as an OpenAPI 3.1 document with a readable reference page', async () => {
  const document = await documented()
  expect(document.openapi).toBe('3.1.0')
  const page = await harness.app.inject({ url: '/api/docs' })
  expect(page.statusCode).toBe(200)
  expect(page.headers['content-type']).toContain('text/html')
  expect(page.body).toContain('/api/resources/translation/{domain}/{local}')
})

test('every documented operation is a route the server registered, with the same method and path', async () => {
  const document = await documented()
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = operation.operationId as EndpointName
      expect(endpoints[name], `${name} is in the endpoint table`).toBeDefined()
      expect(endpoints[name].path).toBe(path)
      expect(endpoints[name].method).toBe(method.toUpperCase())
      const registered = harness.app.hasRoute({ method: endpoints[name].method, url: routePath(name) })
      expect(registered, `${method.toUpperCase()} ${path} is served`).toBe(true)
    }
  }
})

test('every API route the server registered is documented (or is the document itself)', async () => {
  const document = await documented()
  const documentedRoutes = new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    ),
  )
  const selfDescribing = new Set(['GET /api/openapi.json', 'GET /api/docs'])
  // POST twins of PUT routes only carry `_method=put`: they are the PUT, documented as such.
  const putTwins = new Set(
    Object.values(endpoints)
      .filter((row) => row.method === 'PUT')
      .map((row) => `POST ${row.path.replace(/\{(\w+)\}/g, ':$1')}`),
  )
  const undocumented = [...harness.app.registeredApiRoutes].filter(
    (route) => !documentedRoutes.has(route) && !selfDescribing.has(route) && !putTwins.has(route),
  )
  expect(undocumented).toEqual([])
})

test('every endpoint whose row carries schemas is in the document', async () => {
  const document = await documented()
  const names = new Set(
    Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((op) => op.operationId),
    ),
  )
  for (const name of Object.keys(endpointSchemas)) expect(names, name).toContain(name)
})

test('answers match their documented schema (public content and selections)', async () => {
  const faq = await harness.app.inject({ url: '/api/resources/translation/faq/fr' })
  expect(endpointSchemas.translation.response(faq.json())).toEqual(faq.json())
  const featured = await harness.app.inject({ url: '/api/core/selection/featured' })
  const checked = endpointSchemas.selection.response(featured.json())
  expect(checked).toEqual(featured.json())
})
