/**
 * An amount typed in euros ("12", "12,50", "1 200.5") as integer cents, the way the API takes money;
 * NaN for anything that is not an amount with at most two decimals, so the server's check answers it.
 */
export function eurosToCents(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return Number.NaN
  return Math.round(Number(compact) * 100)
}
