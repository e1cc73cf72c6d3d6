import { expect, test } from 'vitest'
import { isToastHostWanted, notify, subscribeToastHost } from '#client/lib/toast.ts'

test('the toast host is asked for by the first message, not before', async () => {
  const calls: boolean[] = []
  const unsubscribe = subscribeToastHost(() => calls.push(isToastHostWanted()))
  expect(isToastHostWanted()).toBe(false)
  await notify('info', 'Saved')
  await notify('success', 'Saved again')
  unsubscribe()
  expect(calls).toEqual([true])
})
