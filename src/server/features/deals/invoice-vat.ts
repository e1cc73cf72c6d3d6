/**
 * The VAT treatment of a streamer's invoice to the platform (a supply of services, business to
 * business: the place of supply is the platform's country, Directive 2006/112/EC art. 44). Decided
 * from the issuer's VAT number and country against the platform's country:
 * - a private person: no VAT at all, and no VAT mention (the franchise and the exemptions are
 *   businesses' regimes; a person's earnings are income they declare);
 * - a business without VAT number (a person, or a business not registered for VAT): the small-enterprise exemption —
 *   in France the franchise en base ("TVA non applicable, art. 293 B du CGI"), elsewhere in the EU its
 *   equivalent under art. 282 to 292 of the Directive; outside the EU, out of scope of EU VAT;
 * - a VAT number of another EU country: reverse charge (art. 196), the platform accounts for the VAT,
 *   no VAT on the invoice, both VAT numbers printed;
 * - a VAT number of the platform's own country: domestic supply, that country's standard rate on
 *   top of the earned amount (the earnings are net amounts);
 * - a VAT number outside the EU: out of scope of EU VAT (art. 44), no VAT.
 * The mention is the legal wording; its words are printed in the reader's language (invoice-copy.ts).
 */

/** EU standard VAT rates, in per cent (2025). */
const EU_STANDARD_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
}

export type VatMention =
  | 'private_person'
  | 'franchise_fr'
  | 'small_enterprise_eu'
  | 'reverse_charge'
  | 'domestic'
  | 'outside_eu'

export interface VatTreatment {
  mention: VatMention
  /** Per cent; 0 unless domestic. */
  rate: number
}

/** The VAT number's country: Greece writes EL, the ISO code is GR. */
function vatCountry(vatNumber: string): string {
  const prefix = vatNumber.replace(/\s+/g, '').slice(0, 2).toUpperCase()
  return prefix === 'EL' ? 'GR' : prefix
}

const isEuCountry = (country: string) => country.toUpperCase() in EU_STANDARD_RATES

export function vatTreatment(
  issuer: { kind: 'person' | 'business'; country: string; vatNumber?: string | undefined },
  platformCountry: string,
): VatTreatment {
  if (issuer.kind === 'person') return { mention: 'private_person', rate: 0 }
  const country = issuer.country.toUpperCase()
  if (!issuer.vatNumber) {
    if (country === 'FR') return { mention: 'franchise_fr', rate: 0 }
    return isEuCountry(country)
      ? { mention: 'small_enterprise_eu', rate: 0 }
      : { mention: 'outside_eu', rate: 0 }
  }
  const registered = vatCountry(issuer.vatNumber)
  if (!isEuCountry(registered)) return { mention: 'outside_eu', rate: 0 }
  if (registered === platformCountry.toUpperCase())
    return { mention: 'domestic', rate: EU_STANDARD_RATES[registered] ?? 0 }
  return { mention: 'reverse_charge', rate: 0 }
}

/** VAT on a net amount in cents, rounded half up to the cent. */
export const vatCents = (netCents: number, rate: number) => Math.round((netCents * rate) / 100)
