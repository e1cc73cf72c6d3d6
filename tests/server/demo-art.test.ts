/**
 * The demo catalogue looks like a product: every seeded provider has a logo and every seeded
 * mission a thumbnail of its own, and the server serves each as an image, cached for good.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { demoMissions, demoProviders } from '#server/db/seed-missions.ts'
import type { Mission } from '#shared/contract/deals.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp?.close()
})

const mediaPath = (media: { path: string; reference: string } | null) =>
  media ? `/uploads/${media.path}${media.reference}` : null

async function catalogue(): Promise<Mission[]> {
  // The whole catalogue: the list is not paged (an unknown `limit` was dropped by the query schema anyway).
  const response = await call(testApp.app, 'missions')
  expect(response.statusCode).toBe(200)
  return (response.json() as { items: Mission[] }).items
}

async function expectServedImage(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url })
  expect(response.statusCode, url).toBe(200)
  expect(response.headers['content-type'], url).toMatch(/^image\/svg\+xml/)
  expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
  expect(response.body, url).toMatch(/^<svg[^>]*viewBox/)
  // Small enough for a card: no photo-sized file behind a 320 px thumbnail.
  expect(response.rawPayload.length, url).toBeLessThan(8 * 1024)
}

test('every seeded mission has a thumbnail of its own, served as an image', async () => {
  const missions = await catalogue()
  expect(missions.map((mission) => mission.code).sort()).toEqual(
    demoMissions.map((mission) => mission.code).sort(),
  )
  const thumbnails = missions.map((mission) => mediaPath(mission.thumbnail))
  expect(thumbnails.every((url) => url !== null)).toBe(true)
  expect(new Set(thumbnails).size).toBe(missions.length)
  for (const url of thumbnails) await expectServedImage(url as string)
})

test('every seeded provider has a logo, served as an image', async () => {
  const missions = await catalogue()
  const logos = new Map(missions.map((mission) => [mission.provider.name, mediaPath(mission.provider.logo)]))
  expect([...logos.keys()].sort()).toEqual(demoProviders.map((provider) => provider.name).sort())
  expect(new Set(logos.values()).size).toBe(demoProviders.length)
  for (const url of logos.values()) {
    expect(url).not.toBeNull()
    await expectServedImage(url as string)
  }
})

test('an unknown demo picture is a 404, not the app shell', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/uploads/demo/missing.12345678.svg' })
  expect(response.statusCode).toBe(404)
})
