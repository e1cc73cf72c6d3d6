import { redirect } from '@tanstack/react-router'
import { getSession } from '#client/lib/session.ts'

/** The signed-in username for wallet routes (their guard already checked the token). */
export function currentUsername(): string {
  const username = getSession().user?.username
  if (!username) throw redirect({ to: '/' })
  return username
}
