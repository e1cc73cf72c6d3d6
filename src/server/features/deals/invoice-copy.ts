/**
 * The invoice's words in each language (server-side, like the account mails): English complete,
 * French and Spanish alike. Legal mentions keep their legal wording; the French franchise mention is
 * the statutory French sentence, in every language, followed by its meaning; a private person's
 * documents carry no VAT mention, only the reminder that the amounts are income to declare.
 */
import type { SupportedLocale } from '#server/http/locale.ts'
import type { VatMention } from './invoice-vat'

export interface InvoiceCopy {
  invoice: string
  proForma: string
  proFormaInProgress: string
  proFormaNoWallet: string
  number: string
  issued: string
  issuer: string
  billedTo: string
  registration: string
  vatNumber: string
  deal: string
  period: string
  description: string
  quantity: string
  unitPrice: string
  amount: string
  clickLine: (mission: string) => string
  goalLine: (mission: string) => string
  noEarnings: string
  net: string
  vat: (rate: string) => string
  gross: string
  /** The only total of a private person's invoice: no VAT lines. */
  total: string
  mentions: Record<VatMention, string>
  payment: string
  latePayment: string
}

const franchise = 'TVA non applicable, art. 293 B du CGI'

export const invoiceCopy: Record<SupportedLocale, InvoiceCopy> = {
  en: {
    invoice: 'Invoice',
    proForma: 'Pro forma statement — not an invoice',
    proFormaInProgress:
      'The invoice is issued once the deal has ended; until then this lists the earnings so far.',
    proFormaNoWallet:
      'Create your wallet with your name and address (or your company’s) to receive an invoice.',
    number: 'Invoice number',
    issued: 'Date of issue',
    issuer: 'Issuer',
    billedTo: 'Billed to',
    registration: 'Registration number',
    vatNumber: 'VAT number',
    deal: 'Deal',
    period: 'Period of service',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    clickLine: (mission) => `Valid clicks — ${mission}`,
    goalLine: (mission) => `Goal reached — ${mission}`,
    noEarnings: 'No earnings',
    net: 'Total excluding VAT',
    vat: (rate) => `VAT ${rate}`,
    gross: 'Total including VAT',
    total: 'Total',
    mentions: {
      private_person:
        'Earnings of a private individual: they are income for you to declare to the tax authorities.',
      franchise_fr: `${franchise} (VAT not applicable, small-business franchise).`,
      small_enterprise_eu:
        'VAT exempt: small-enterprise scheme (Articles 282 to 292 of Directive 2006/112/EC).',
      reverse_charge:
        'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Directive 2006/112/EC).',
      domestic: 'VAT charged at the standard rate of the issuer’s country.',
      outside_eu:
        'VAT not applicable: supply outside the scope of EU VAT (Article 44 of Directive 2006/112/EC).',
    },
    payment:
      'Paid into the issuer’s Streamdeals wallet; paid out by bank transfer on request. No discount for early payment.',
    latePayment:
      'Late payment: penalties at three times the legal interest rate and a fixed recovery fee of 40 €.',
  },
  fr: {
    invoice: 'Facture',
    proForma: 'Relevé pro forma — ce n’est pas une facture',
    proFormaInProgress:
      'La facture est émise à la fin du deal ; d’ici là, ce relevé liste les gains déjà acquis.',
    proFormaNoWallet:
      'Créez votre portefeuille avec votre nom et votre adresse (ou ceux de votre société) pour recevoir une facture.',
    number: 'Facture n°',
    issued: 'Date d’émission',
    issuer: 'Émetteur',
    billedTo: 'Facturé à',
    registration: 'N° d’immatriculation',
    vatNumber: 'N° de TVA',
    deal: 'Deal',
    period: 'Période de la prestation',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    clickLine: (mission) => `Clics valides — ${mission}`,
    goalLine: (mission) => `Objectif atteint — ${mission}`,
    noEarnings: 'Aucun gain',
    net: 'Total HT',
    vat: (rate) => `TVA ${rate}`,
    gross: 'Total TTC',
    total: 'Total',
    mentions: {
      private_person:
        'Gains d’un particulier : ces montants sont des revenus à déclarer à l’administration fiscale.',
      franchise_fr: `${franchise}.`,
      small_enterprise_eu:
        'Exonération de TVA : régime des petites entreprises (articles 282 à 292 de la directive 2006/112/CE).',
      reverse_charge: 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
      domestic: 'TVA au taux normal du pays de l’émetteur.',
      outside_eu:
        'TVA non applicable : prestation hors du champ de la TVA de l’UE (article 44 de la directive 2006/112/CE).',
    },
    payment:
      'Réglée sur le portefeuille Streamdeals de l’émetteur, versée par virement à sa demande. Pas d’escompte pour paiement anticipé.',
    latePayment:
      'Retard de paiement : pénalités au taux de trois fois l’intérêt légal et indemnité forfaitaire pour frais de recouvrement de 40 €.',
  },
  es: {
    invoice: 'Factura',
    proForma: 'Extracto proforma: no es una factura',
    proFormaInProgress:
      'La factura se emite cuando termina el deal; hasta entonces, este extracto recoge las ganancias acumuladas.',
    proFormaNoWallet:
      'Cree su monedero con su nombre y dirección (o los de su empresa) para recibir una factura.',
    number: 'Factura n.º',
    issued: 'Fecha de expedición',
    issuer: 'Emisor',
    billedTo: 'Facturado a',
    registration: 'N.º de registro',
    vatNumber: 'NIF-IVA',
    deal: 'Deal',
    period: 'Periodo del servicio',
    description: 'Concepto',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    clickLine: (mission) => `Clics válidos — ${mission}`,
    goalLine: (mission) => `Objetivo alcanzado — ${mission}`,
    noEarnings: 'Sin ganancias',
    net: 'Base imponible',
    vat: (rate) => `IVA ${rate}`,
    gross: 'Total',
    total: 'Total',
    mentions: {
      private_person:
        'Ganancias de un particular: estos importes son ingresos que debe declarar a la administración tributaria.',
      franchise_fr: `${franchise} (IVA no aplicable, régimen de franquicia francés).`,
      small_enterprise_eu:
        'Exento de IVA: régimen de pequeñas empresas (artículos 282 a 292 de la Directiva 2006/112/CE).',
      reverse_charge:
        'Inversión del sujeto pasivo: IVA a cargo del destinatario (artículo 196 de la Directiva 2006/112/CE).',
      domestic: 'IVA al tipo general del país del emisor.',
      outside_eu:
        'IVA no aplicable: prestación fuera del ámbito del IVA de la UE (artículo 44 de la Directiva 2006/112/CE).',
    },
    payment:
      'Abonada en el monedero Streamdeals del emisor y pagada por transferencia a petición. Sin descuento por pronto pago.',
    latePayment:
      'Demora en el pago: intereses al triple del tipo legal y una indemnización fija de 40 € por gastos de cobro.',
  },
}
