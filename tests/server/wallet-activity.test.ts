/**
 * The wallet's grouped history, its CSV export, the summary and a deal's clicks per day:
 * one row per deal and day, keyset pages that hold while entries arrive, the kind filter, CSV
 * escaping, validation, and the owner rule (an attacker reads nobody else's money).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureWalletRow, postLedgerEntry } from '#server/features/wallet/ledger-service.ts'
import { endpoint } from '#shared/endpoints.ts'
import { call } from '../support/call'
import { createTestApp, type TestApp } from '../support/test-app'
import { makeUser, type TestUser } from '../support/test-users'
import { BROWSER_UA } from './deals-fixtures'
import { createWallet, creditDeal, dealFor, viewerClick } from './wallet-fixtures'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ env: { EARNINGS_HOLD_HOURS: '48' } })
})
afterAll(() => t?.close())

const own = (user: TestUser) => ({ params: { username: user.username }, as: user })

/** The success body of a read that must succeed. */
async function ok<A>(pending: Promise<{ statusCode: number; body: string; answer(): A }>) {
  const response = await pending
  expect(response.statusCode, response.body).toBe(200)
  return response.answer()
}

async function adjust(userId: string, cents: number, description: string, at?: string) {
  await t.app.db.transaction(async (tx) => {
    const walletId = await ensureWalletRow(tx, userId)
    const { entryId } = await postLedgerEntry(tx, {
      walletId,
      kind: 'adjustment',
      amountCents: cents,
      description,
    })
    if (at)
      await tx.execute(sql`update ledger_entries set created_at = ${at}::timestamptz where id = ${entryId}`)
  })
}

describe('grouping', () => {
  test('many clicks on one deal on one day are one row with their count and sum, titled in the user’s language', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user, { rewardCents: 15 })
    for (let click = 0; click < 73; click++) await creditDeal(t.app, deal.dealId, 15)
    const other = await dealFor(t.app, user, { rewardCents: 25 })
    await creditDeal(t.app, other.dealId, 25)
    await adjust(user.id, 500, 'Goodwill')

    const page = await ok(
      call(t.app, 'walletActivity', {
        ...own(user),
        query: { tz: 'Europe/Paris' },
        headers: { 'accept-language': 'fr' },
      }),
    )
    expect(page.items).toHaveLength(3)
    const grouped = page.items.find((row) => row.deal?.code === deal.missionCode)
    expect(grouped).toMatchObject({ kind: 'earning', count: 73, amount: { amount: 1095, currency: 'EUR' } })
    expect(grouped?.deal?.title).toMatch(/^Mission de test/)
    expect(page.items.find((row) => row.kind === 'adjustment')).toMatchObject({
      count: 1,
      amount: { amount: 500 },
      description: 'Goodwill',
      deal: null,
    })
    // Newest first: the adjustment began last.
    expect(page.items[0]?.kind).toBe('adjustment')
    expect(page.nextCursor).toBeUndefined()
  })

  test('the day is the one of the time zone asked', async () => {
    const user = await makeUser(t.app)
    await adjust(user.id, 100, 'Late night', '2026-01-01T23:30:00Z')
    const utc = await ok(call(t.app, 'walletActivity', own(user)))
    const paris = await ok(call(t.app, 'walletActivity', { ...own(user), query: { tz: 'Europe/Paris' } }))
    expect(utc.items[0]?.day).toBe('2026-01-01')
    expect(paris.items[0]?.day).toBe('2026-01-02')
  })

  test('the kind filter keeps one kind', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user)
    await creditDeal(t.app, deal.dealId, 25)
    await adjust(user.id, 300, 'Bonus')
    const earnings = await ok(call(t.app, 'walletActivity', { ...own(user), query: { kind: 'earning' } }))
    expect(earnings.items.map((row) => row.kind)).toEqual(['earning'])
    const adjustments = await ok(
      call(t.app, 'walletActivity', { ...own(user), query: { kind: 'adjustment' } }),
    )
    expect(adjustments.items.map((row) => row.kind)).toEqual(['adjustment'])
    const payouts = await ok(call(t.app, 'walletActivity', { ...own(user), query: { kind: 'payout' } }))
    expect(payouts.items).toEqual([])
  })
})

describe('paging', () => {
  test('pages follow each other without repeats or gaps while entries keep arriving', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user)
    // 25 rows on 25 past days, and two rows today.
    for (let day = 1; day <= 25; day++) {
      const at = new Date(Date.now() - day * 86_400_000).toISOString()
      await adjust(user.id, 100 + day, `Day ${day}`, at)
    }
    await creditDeal(t.app, deal.dealId, 25)
    await adjust(user.id, 50, 'Today')
    const all = await ok(call(t.app, 'walletActivity', { ...own(user), query: { limit: '100' } }))
    expect(all.items).toHaveLength(27)

    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await ok(call(t.app, 'walletActivity', { ...own(user), query: { limit: '10', cursor } }))
      seen.push(...page.items.map((row) => row.id))
      cursor = page.nextCursor
      pages += 1
      // Between pages: more clicks on today's deal row and new rows today (an offset would shift).
      await creditDeal(t.app, deal.dealId, 25)
      await adjust(user.id, 10, `Arrived during page ${pages}`)
    } while (cursor)
    expect(pages).toBe(3)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(all.items.map((row) => row.id))
  })

  test('a cursor is opaque: a forged or broken one is a form error, not a database error', async () => {
    const user = await makeUser(t.app)
    for (const cursor of [
      'nope',
      Buffer.from('["2026-01-01","1; drop table x"]').toString('base64url'),
      'x'.repeat(300),
    ]) {
      const response = await call(t.app, 'walletActivity', { ...own(user), query: { cursor } })
      expect(response.statusCode, cursor).toBe(400)
      expect(response.json()).toMatchObject({ errors: { children: { cursor: {} } } })
    }
  })

  test('kind, limit and time zone are validated', async () => {
    const user = await makeUser(t.app)
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { tz: 'Mars/Olympus' },
      { tz: "UTC';--" },
    ]) {
      const response = await call(t.app, 'walletActivity', { ...own(user), query })
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
    }
    const summary = await call(t.app, 'walletSummary', { ...own(user), query: { tz: 'Nowhere' } })
    expect(summary.statusCode).toBe(400)
    // Kinds the contract does not have, so sent as they are.
    const bribe = await t.app.inject({
      method: 'GET',
      url: `${endpoint('walletActivity', { username: user.username })}?kind=bribe`,
      headers: user.auth,
    })
    expect(bribe.statusCode).toBe(400)
    const csv = await t.app.inject({
      method: 'GET',
      url: `${endpoint('walletActivityExport', { username: user.username })}?kind=x`,
      headers: user.auth,
    })
    expect(csv.statusCode).toBe(400)
  })
})

describe('CSV export', () => {
  test('UTF-8 with a BOM, one line per row, amounts with a dot, formulas defused and quotes doubled', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user, { title: { en: '=HYPERLINK("http://evil.example","Win")' } })
    for (let click = 0; click < 3; click++) await creditDeal(t.app, deal.dealId, 15)
    await adjust(user.id, 1000, '@SUM(A1)')
    await adjust(user.id, -120, '+cmd|calc, "quoted"\nnext line')

    const response = await call(t.app, 'walletActivityExport', own(user))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/)
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const text = response.rawPayload.subarray(3).toString('utf8')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('"Date","Type","Mission","Description","Count","Amount","Currency"')
    expect(text).toContain(`,"Earnings","'=HYPERLINK(""http://evil.example"",""Win"")",`)
    expect(text).toContain(',3,0.45,EUR')
    expect(text).toContain(`,"Adjustment","","'+cmd|calc, ""quoted""\nnext line",1,-1.20,EUR`)
    expect(text).toContain(`,"Adjustment","","'@SUM(A1)",1,10.00,EUR`)
    // No cell a spreadsheet would run: every text cell starts with a quote mark and a safe character.
    expect(text).not.toMatch(/(^|,)"?[=+@]/m)
    expect(text.endsWith('\r\n')).toBe(true)

    const filtered = await call(t.app, 'walletActivityExport', { ...own(user), query: { kind: 'earning' } })
    const rows = filtered.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(',"Earnings",')
  })

  test('in French: French words, cells split by semicolons, decimal commas, days written day first', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user, { title: { en: 'Headset', fr: 'Casque' } })
    for (let click = 0; click < 3; click++) await creditDeal(t.app, deal.dealId, 15)
    await adjust(user.id, 500, 'Bonus')
    await adjust(user.id, -20, 'Geste commercial')
    const response = await call(t.app, 'walletActivityExport', {
      ...own(user),
      query: { locale: 'fr', tz: 'Europe/Paris' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')
    expect(lines[0]).toBe('"Date";"Type";"Mission";"Description";"Nombre";"Montant";"Devise"')
    const earning = lines.find((line) => line.includes('"Gains"'))
    expect(earning).toMatch(/^\d{2}\/\d{2}\/\d{4};"Gains";"Casque";"Gains du deal";3;0,45;EUR$/)
    const adjustment = lines.find((line) => line.includes('Geste'))
    expect(adjustment).toContain(';"Ajustement";"";"Geste commercial";1;-0,20;EUR')
    expect(lines.join('\n')).not.toMatch(/earning|adjustment|\d\.\d{2};/)
  })

  test('a long history is exported whole, past the export’s page size', async () => {
    const user = await makeUser(t.app)
    await t.app.db.transaction(async (tx) => {
      const walletId = await ensureWalletRow(tx, user.id)
      for (let entry = 0; entry < 520; entry++) {
        await postLedgerEntry(tx, { walletId, kind: 'adjustment', amountCents: 1, description: `E${entry}` })
      }
    })
    const response = await call(t.app, 'walletActivityExport', own(user))
    const lines = response.rawPayload.subarray(3).toString('utf8').trim().split('\r\n')
    expect(lines).toHaveLength(521)
    expect(new Set(lines).size).toBe(521)
  })
})

describe('summary and clicks per day', () => {
  test('today’s earnings and valid clicks, the balance split and the minimum', async () => {
    const user = await makeUser(t.app)
    await createWallet(t.app, user)
    const deal = await dealFor(t.app, user, { rewardCents: 15 })
    for (let click = 0; click < 3; click++) {
      expect((await viewerClick(t.app, deal.missionCode, user.username)).statusCode).toBeLessThan(300)
    }
    await adjust(user.id, 200, 'Available at once')
    const summary = await ok(call(t.app, 'walletSummary', { ...own(user), query: { tz: 'Europe/Paris' } }))
    expect(summary.today).toMatchObject({ clicks: 3, earned: { amount: 45, currency: 'EUR' } })
    expect(summary.days).toHaveLength(30)
    expect(summary.days.at(-1)).toEqual(summary.today)
    expect(summary.pending.amount).toBe(45)
    expect(summary.available.amount).toBe(200)
    expect(summary.minimum.amount).toBe(t.app.config.minPayoutCents)
    expect(summary.walletCreated).toBe(true)
    // The moments it turns stale with the clock: the held click earnings' release, and midnight in Paris.
    expect(Date.parse(summary.nextAvailableAt ?? '')).toBeGreaterThan(Date.now())
    const dayEnds = Date.parse(summary.dayEndsAt)
    expect(dayEnds).toBeGreaterThan(Date.now())
    expect(dayEnds - Date.now()).toBeLessThanOrEqual(25 * 3600_000)
    const parisClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(parisClock.format(dayEnds)).toBe('00:00')
  })

  test('before any wallet row, the summary is zeros', async () => {
    const user = await makeUser(t.app)
    const summary = await ok(call(t.app, 'walletSummary', own(user)))
    expect(summary).toMatchObject({ today: { clicks: 0, earned: { amount: 0 } }, walletCreated: false })
    expect(summary.available.amount).toBe(0)
  })

  test('a deal’s valid and invalid clicks per day', async () => {
    const user = await makeUser(t.app)
    const deal = await dealFor(t.app, user)
    await viewerClick(t.app, deal.missionCode, user.username)
    await viewerClick(t.app, deal.missionCode, user.username)
    // The same viewer twice within the click window: the second one is refused, and again.
    for (let repeat = 0; repeat < 3; repeat++) {
      await call(t.app, 'subscriptionCheck', {
        params: { code: deal.missionCode, username: user.username },
        remoteAddress: '198.19.200.7',
        headers: { 'user-agent': BROWSER_UA },
        body: { kind: 'cpc' },
      })
    }
    const stats = await ok(
      call(t.app, 'userDealStats', {
        params: { username: user.username, code: deal.missionCode },
        as: user,
        query: { tz: 'Europe/Paris' },
      }),
    )
    expect(stats.days.length).toBeGreaterThanOrEqual(1)
    const total = stats.days.reduce(
      (sum, day) => ({ valid: sum.valid + day.valid, invalid: sum.invalid + day.invalid }),
      { valid: 0, invalid: 0 },
    )
    expect(total).toEqual({ valid: 3, invalid: 2 })
  })
})

describe('attacker', () => {
  test('a user reads none of another user’s history, export, summary or clicks', async () => {
    const victim = await makeUser(t.app)
    const deal = await dealFor(t.app, victim)
    await creditDeal(t.app, deal.dealId, 25)
    const attacker = await makeUser(t.app)
    const victims = { params: { username: victim.username }, as: attacker }
    for (const [label, read] of Object.entries({
      activity: () => call(t.app, 'walletActivity', victims),
      earnings: () => call(t.app, 'walletActivity', { ...victims, query: { kind: 'earning' } }),
      export: () => call(t.app, 'walletActivityExport', victims),
      summary: () => call(t.app, 'walletSummary', victims),
      stats: () =>
        call(t.app, 'userDealStats', {
          params: { username: victim.username, code: deal.missionCode },
          as: attacker,
        }),
      shouted: () =>
        call(t.app, 'walletActivity', { params: { username: victim.username.toUpperCase() }, as: attacker }),
    })) {
      const response = await read()
      expect(response.statusCode, label).toBe(403)
      expect(response.body).not.toContain(deal.missionCode)
    }
    // Without a session: no answer either.
    const anonymous = await call(t.app, 'walletActivityExport', { params: { username: victim.username } })
    expect(anonymous.statusCode).toBe(401)
    // Their own cursor does not open the victim's history.
    const own = await ok(
      call(t.app, 'walletActivity', { params: { username: attacker.username }, as: attacker }),
    )
    expect(own.items).toEqual([])
  })
})
