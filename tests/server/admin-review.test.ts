/**
 * The publication queue: an admin publishes a draft or sends it back with a reason, the brand's owners
 * are mailed (real SMTP) and the brand portal shows the reason on the mission. Attackers: a brand
 * member or a streamer cannot decide, and two decisions at once change the mission (and mail) once.
 */
import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { missions } from '#server/db/schema.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { makeUser } from '../support/test-users'
import { appWithMail } from './auth-helpers'
import { makeBrand, makeBrandMission, makeMember } from './brand-fixtures'

const mail = appWithMail()

const queue = (headers: Record<string, string>) => call(mail.app, 'adminMissionQueue', { headers })
const publish = (code: string, headers: Record<string, string>) =>
  call(mail.app, 'adminMissionPublish', { params: { code }, headers })
const reject = (code: string, reason: string, headers: Record<string, string>) =>
  call(mail.app, 'adminMissionReject', { params: { code }, headers, body: { reason } })
const statusOf = async (code: string) =>
  (await mail.app.db.select().from(missions).where(eq(missions.code, code)))[0]

let n = 0
async function brandWithDrafts(count: number) {
  n += 1
  const brand = await makeBrand(mail.app, `queue-brand-${n}`)
  const owner = await makeMember(mail.app, brand, `queueowner${n}`)
  const codes: string[] = []
  for (let index = 0; index < count; index += 1) {
    codes.push(
      await makeBrandMission(mail.app, brand, {
        status: 'draft',
        title: { en: `Draft ${n}-${index}` },
        createdAt: new Date(Date.now() - (count - index) * 60_000),
      }),
    )
  }
  return { brand, owner, codes }
}

test('the queue lists waiting drafts oldest first; published and sent-back ones leave it', async () => {
  const admin = await makeUser(mail.app, { username: `queueadmin${Date.now()}`, admin: true })
  const { codes } = await brandWithDrafts(3)
  const listed = (await queue(admin.auth)).json().items.map((item: { code: string }) => item.code)
  expect(listed.filter((code: string) => codes.includes(code))).toEqual(codes)
  expect((await publish(codes[0] ?? '', admin.auth)).statusCode).toBe(200)
  expect((await reject(codes[1] ?? '', 'Logo too small', admin.auth)).statusCode).toBe(200)
  const after = (await queue(admin.auth)).json().items.map((item: { code: string }) => item.code)
  expect(after.filter((code: string) => codes.includes(code))).toEqual([codes[2]])
})

test('publishing mails the owners and opens the mission to streamers', async () => {
  const admin = await makeUser(mail.app, { username: `pubadmin${Date.now()}`, admin: true })
  const { owner, codes } = await brandWithDrafts(1)
  const code = codes[0] ?? ''
  const answer = await publish(code, admin.auth)
  expect(answer.json()).toMatchObject({ code, status: 'published', reviewNote: null })
  const received = await mail.smtp.nextMail(`${owner.username}@example.test`, 'is published')
  expect(received.raw).toContain(`/dashboard/provider/`)
  const catalogue = await call(mail.app, 'mission', { params: { code } })
  expect(catalogue.statusCode).toBe(200)
})

test('a rejection needs a reason; the brand reads it on the mission and by mail; an edit clears it', async () => {
  const admin = await makeUser(mail.app, { username: `rejadmin${Date.now()}`, admin: true })
  const { brand, owner, codes } = await brandWithDrafts(1)
  const code = codes[0] ?? ''
  const blank = await reject(code, '   ', admin.auth)
  expect(blank.statusCode).toBe(400)
  expect(blank.json().errors.children.reason.errors).toEqual(['validation.required'])
  // No reason at all is off the contract: sent raw.
  const missing = await mail.app.inject({
    method: 'POST',
    url: endpoint('adminMissionReject', { code }),
    headers: admin.auth,
    payload: {},
  })
  expect(missing.statusCode).toBe(400)

  const answer = await reject(code, 'The tracked link points to a 404 page', admin.auth)
  expect(answer.json()).toMatchObject({
    status: 'draft',
    reviewNote: 'The tracked link points to a 404 page',
  })
  const received = await mail.smtp.nextMail(`${owner.username}@example.test`, 'was not published')
  expect(received.raw).toContain('The tracked link points to a 404 page')

  const portal = await call(mail.app, 'brandMissions', { params: { slug: brand.slug }, headers: owner.auth })
  const mission = portal.json().items.find((item: { code: string }) => item.code === code)
  expect(mission.reviewNote).toBe('The tracked link points to a 404 page')

  // The brand edits the draft: the note is answered, the draft waits in the queue again.
  const { saveMission } = await import('#server/features/deals/admin-catalogue-writes.ts')
  const { listAdminMissions } = await import('#server/features/deals/admin-catalogue-repository.ts')
  const [current] = await listAdminMissions(mail.app.db, { code })
  if (!current) throw new Error('mission gone')
  await saveMission(mail.app.db, {
    code,
    body: {
      providerId: current.providerId,
      title: { en: 'Draft fixed' },
      description: { en: 'Fixed' },
      tips: { en: '' },
      tools: current.tools,
      reward: current.reward,
      goal: current.goal,
      spots: current.spots,
      budget: current.budget,
      startsAt: current.startsAt,
      endsAt: null,
      status: 'draft',
    } as never,
    thumbnail: undefined,
    actorId: owner.id,
  })
  expect((await statusOf(code))?.reviewNote).toBeNull()
  const listed = (await queue(admin.auth)).json().items.map((item: { code: string }) => item.code)
  expect(listed).toContain(code)
})

test('a brand owner or a streamer cannot publish, reject or read the queue', async () => {
  const { owner, codes } = await brandWithDrafts(1)
  const code = codes[0] ?? ''
  const streamer = await makeUser(mail.app, { username: `queuestreamer${Date.now()}` })
  for (const who of [owner, streamer]) {
    expect((await queue(who.auth)).statusCode).toBe(403)
    expect((await publish(code, who.auth)).statusCode).toBe(403)
    expect((await reject(code, 'no', who.auth)).statusCode).toBe(403)
  }
  expect((await publish(code, {})).statusCode).toBe(401)
  expect((await statusOf(code))?.status).toBe('draft')
  expect((await statusOf(code))?.reviewNote).toBeNull()
})

test('two publications at once publish once and mail once; a decided draft cannot be rejected', async () => {
  const admin = await makeUser(mail.app, { username: `raceadmin${Date.now()}`, admin: true })
  const second = await makeUser(mail.app, { username: `raceadmin2${Date.now()}`, admin: true })
  const { owner, codes } = await brandWithDrafts(1)
  const code = codes[0] ?? ''
  const answers = await Promise.all([
    publish(code, admin.auth),
    publish(code, second.auth),
    publish(code, admin.auth),
    reject(code, 'too late', second.auth),
  ])
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409])
  expect((await statusOf(code))?.status).toBe('published')
  expect((await statusOf(code))?.reviewNote).toBeNull()
  await mail.smtp.nextMail(`${owner.username}@example.test`, 'is published')
  // Room for a second mail to arrive, were one sent.
  await new Promise((resolve) => setTimeout(resolve, 300))
  const toOwner = mail.smtp.mails.filter((entry) => entry.to.includes(`${owner.username}@example.test`))
  expect(toOwner).toHaveLength(1)
  expect((await publish('no-such-mission', admin.auth)).statusCode).toBe(404)
})
