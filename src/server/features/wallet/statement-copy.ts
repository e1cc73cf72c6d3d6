/**
 * The monthly statement's words in each language (server-side, like the invoices). The VAT mention
 * follows the holder's status: the franchise mention keeps its statutory French wording in every
 * language; a private person gets no VAT mention, only the reminder that earnings are income.
 */
import type { SupportedLocale } from '#server/http/locale.ts'

export interface StatementCopy {
  title: (month: string) => string
  issued: string
  period: string
  issuer: string
  holder: string
  account: string
  registration: string
  vatNumber: string
  description: string
  date: string
  debit: string
  credit: string
  opening: string
  closing: string
  totals: string
  earning: (deal: string) => string
  earningWithoutDeal: string
  earningReversal: (deal: string) => string
  payout: string
  payoutReversal: string
  adjustment: (words: string) => string
  noMovement: string
  /** What the amounts are: euros, the ledger as written, earnings on hold included. */
  note: string
  privatePerson: string
  franchise: string
  vatRegistered: (vatNumber: string) => string
  /** A business outside France without VAT number: its country's small-business rules apply. */
  noVatNumber: string
}

const franchise = 'TVA non applicable, art. 293 B du CGI'
// French typography: a narrow no-break space before the colon.
const NNBSP = '\u202f'

export const statementCopy: Record<SupportedLocale, StatementCopy> = {
  en: {
    title: (month) => `Monthly statement — ${month}`,
    issued: 'Date of issue',
    period: 'Period',
    issuer: 'Issued by',
    holder: 'Account holder',
    account: 'Streamdeals account',
    registration: 'Registration number',
    vatNumber: 'VAT number',
    description: 'Description',
    date: 'Date',
    debit: 'Debit',
    credit: 'Credit',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: 'Total of the month',
    earning: (deal) => `Earnings — ${deal}`,
    earningWithoutDeal: 'Earnings',
    earningReversal: (deal) => `Earnings refused — ${deal}`,
    payout: 'Payout to your bank account',
    payoutReversal: 'Payout returned to the wallet',
    adjustment: (words) => `Adjustment — ${words}`,
    noMovement: 'No movement this month',
    note: 'Amounts in euros, as written in your wallet’s ledger; earnings still on hold are included.',
    privatePerson:
      'Earnings of a private individual: they are income for you to declare to the tax authorities.',
    franchise: `${franchise} (VAT not applicable, small-business franchise).`,
    vatRegistered: (vatNumber) => `Business registered for VAT under number ${vatNumber}.`,
    noVatNumber: 'Business without VAT number: the small-business rules of its country apply.',
  },
  fr: {
    title: (month) => `Relevé mensuel — ${month}`,
    issued: 'Date d’émission',
    period: 'Période',
    issuer: 'Émis par',
    holder: 'Titulaire du compte',
    account: 'Compte Streamdeals',
    registration: 'N° d’immatriculation',
    vatNumber: 'N° de TVA',
    description: 'Libellé',
    date: 'Date',
    debit: 'Débit',
    credit: 'Crédit',
    opening: 'Solde au début du mois',
    closing: 'Solde à la fin du mois',
    totals: 'Total du mois',
    earning: (deal) => `Gains — ${deal}`,
    earningWithoutDeal: 'Gains',
    earningReversal: (deal) => `Gains refusés — ${deal}`,
    payout: 'Virement vers votre compte bancaire',
    payoutReversal: 'Virement retourné au portefeuille',
    adjustment: (words) => `Ajustement — ${words}`,
    noMovement: 'Aucun mouvement ce mois-ci',
    note: `Montants en euros, tels qu’inscrits au registre de votre portefeuille${NNBSP}; les gains encore en attente sont inclus.`,
    privatePerson: `Gains d’un particulier${NNBSP}: ces montants sont des revenus à déclarer à l’administration fiscale.`,
    franchise: `${franchise}.`,
    vatRegistered: (vatNumber) => `Entreprise assujettie à la TVA sous le numéro ${vatNumber}.`,
    noVatNumber: `Entreprise sans numéro de TVA${NNBSP}: les règles des petites entreprises de son pays s’appliquent.`,
  },
  es: {
    title: (month) => `Extracto mensual — ${month}`,
    issued: 'Fecha de emisión',
    period: 'Periodo',
    issuer: 'Emitido por',
    holder: 'Titular de la cuenta',
    account: 'Cuenta Streamdeals',
    registration: 'N.º de registro',
    vatNumber: 'NIF-IVA',
    description: 'Concepto',
    date: 'Fecha',
    debit: 'Débito',
    credit: 'Crédito',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    totals: 'Total del mes',
    earning: (deal) => `Ganancias — ${deal}`,
    earningWithoutDeal: 'Ganancias',
    earningReversal: (deal) => `Ganancias rechazadas — ${deal}`,
    payout: 'Transferencia a tu cuenta bancaria',
    payoutReversal: 'Transferencia devuelta al monedero',
    adjustment: (words) => `Ajuste — ${words}`,
    noMovement: 'Sin movimientos este mes',
    note: 'Importes en euros, tal como constan en el registro de tu monedero; incluye las ganancias aún retenidas.',
    privatePerson:
      'Ganancias de un particular: estos importes son ingresos que debes declarar a la administración tributaria.',
    franchise: `${franchise} (IVA no aplicable, régimen de franquicia francés).`,
    vatRegistered: (vatNumber) => `Empresa registrada a efectos del IVA con el número ${vatNumber}.`,
    noVatNumber: 'Empresa sin NIF-IVA: se aplican las normas de pequeñas empresas de su país.',
  },
}
