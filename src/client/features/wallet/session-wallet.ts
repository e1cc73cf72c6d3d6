import { getSession, setWallet } from '#client/lib/session.ts'
import type { CertificationStatus } from '#shared/contract/wallet.ts'

/**
 * The session wallet's person certification status may be updated only if one already
 * exists. Without a stored wallet (or without its status) this does nothing; the next wallet load
 * brings the whole wallet anyway.
 */
export function updateSessionCertification(status: CertificationStatus, reason: string | null): boolean {
  const wallet = getSession().wallet
  const current = wallet?.stripe?.status?.person
  if (!wallet || !current) return false
  setWallet({
    ...wallet,
    stripe: { ...wallet.stripe, status: { ...wallet.stripe.status, person: { status, reason } } },
  })
  return true
}
