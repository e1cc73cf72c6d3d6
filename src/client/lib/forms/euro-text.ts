/**
 * Cents written back as the euros a person would type, for a form that edits a saved amount:
 * "12.5" for 1250 cents, "1200" for 120000. A dot for the decimals: the amount reader takes it in
 * every language, and no thousands separator, which could read two ways.
 */
export function centsToInput(cents: number): string {
  const euros = Math.floor(cents / 100)
  const rest = cents % 100
  return rest === 0 ? String(euros) : `${euros}.${String(rest).padStart(2, '0')}`
}
