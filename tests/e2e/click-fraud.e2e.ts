/**
 * The tracked-link click-fraud attacks, sent over HTTP to the built server (`npm start`), each request
 * from a loopback address of its choosing (the whole 127/8 range reaches the server), as clients on
 * other machines would be.
 */
import { expect, test } from '@playwright/test'
import { sendFrom } from './built-server'

const port = Number(process.env.E2E_PORT ?? 4310)
// A seeded cpc mission no other end-to-end test takes: 12 cents a valid click.
const MISSION = 'spike-summer-drop'
const REWARD_CENTS = 12

const base = `http://127.0.0.1:${port}`
const send = (
  method: 'GET' | 'POST',
  path: string,
  options: { from: string; headers?: Record<string, string>; body?: unknown },
) => sendFrom(base, method, path, options)

/** A new streamer, signed up from `from`, who takes the mission; answers their name and session header. */
async function streamerWithDeal(from: string) {
  const username = `fraud${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
  const signup = await send('POST', '/api/oauth/signup', {
    from,
    body: { username, email: `${username}@example.test`, plainPassword: 'Streamer-password-1' },
  })
  expect(signup.status).toBe(201)
  const auth = { authorization: `Bearer ${signup.body.code as string}` }
  const taken = await send('POST', `/api/deals/subscriptions/${MISSION}/${username}`, { from, headers: auth })
  expect(taken.status).toBe(201)
  return { username, auth }
}

const click = (username: string, from: string, headers: Record<string, string> = {}) =>
  send('POST', `/api/deals/subscriptions/check/${MISSION}/${username}`, {
    from,
    headers,
    body: { kind: 'cpc' },
  })

async function credited(username: string, auth: Record<string, string>) {
  const deal = await send('GET', `/api/deals/user/${username}/mission/${MISSION}`, {
    from: '127.0.0.1',
    headers: auth,
  })
  expect(deal.status).toBe(200)
  return { clicks: deal.body.progress as number, cents: (deal.body.earned as { amount: number }).amount }
}

test('200 clicks from one address with 200 rotated user agents credit one click', async () => {
  const { username, auth } = await streamerWithDeal('127.0.0.61')
  for (let index = 0; index < 200; index += 1) {
    const agent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (index % 40)}.0.${index}.0 Safari/537.36`
    const answer = await click(username, '127.0.0.62', { 'user-agent': agent })
    // Every request still lands on the brand's page; only the credit is refused.
    expect(answer.status).toBe(200)
    expect(answer.body.url).toMatch(new RegExp(`^https://spike\\.example/drop/[0-9A-Z]+\\?ref=${username}$`))
  }
  const result = await credited(username, auth)
  console.log(`rotated user agents: ${result.clicks} of 200 clicks credited (${result.cents} cents)`)
  expect(result).toEqual({ clicks: 1, cents: REWARD_CENTS })
})

test('the streamer’s own clicks are not credited, signed in or from where they signed up', async () => {
  const { username, auth } = await streamerWithDeal('127.0.0.71')
  const viewer = {
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  }
  // Signed in, from an address of its own; then anonymous, from the address the account was made from.
  expect((await click(username, '127.0.0.72', { ...viewer, ...auth })).body.url).toContain('spike.example')
  expect((await click(username, '127.0.0.71', viewer)).body.url).toContain('spike.example')
  const own = await credited(username, auth)
  console.log(`owner clicks: ${own.clicks} of 2 credited`)
  expect(own).toEqual({ clicks: 0, cents: 0 })
  // A real viewer elsewhere is credited.
  await click(username, '127.0.0.73', viewer)
  expect(await credited(username, auth)).toEqual({ clicks: 1, cents: REWARD_CENTS })
})
