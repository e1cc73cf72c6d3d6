/**
 * A payout batch as a SEPA credit-transfer initiation (pain.001.001.03: the version every SEPA bank
 * accepts for uploads), built with the `sepa` library. One payment block drawn on the platform's
 * account, one transfer per payout, referenced by the payout (the bank's report names it back).
 */
import { Document } from 'sepa'
import type { SepaDebtor } from '#server/config-sepa.ts'
import { type BatchLineRow, referenceOf } from './payout-batches-repository'

const PAIN_FORMAT = 'pain.001.001.03'

/**
 * A name in the SEPA character set banks accept: accents dropped (Zoé -> Zoe), anything else outside
 * the set becomes a space, at most 70 characters.
 */
function sepaText(value: string, max = 70): string {
  const plain = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return (plain || '-').slice(0, max)
}

export function sepaCreditTransfer(input: {
  messageId: string
  createdAt: Date
  debtor: SepaDebtor
  lines: BatchLineRow[]
}): string {
  const { debtor } = input
  const doc = new Document(PAIN_FORMAT)
  doc.grpHdr.id = input.messageId
  doc.grpHdr.created = input.createdAt
  doc.grpHdr.initiatorName = sepaText(debtor.name)
  const info = doc.createPaymentInfo()
  info.requestedExecutionDate = input.createdAt
  info.debtorIBAN = debtor.iban
  info.debtorBIC = debtor.bic
  info.debtorName = sepaText(debtor.name)
  doc.addPaymentInfo(info)
  for (const line of input.lines) {
    const transfer = info.createTransaction()
    transfer.creditorName = sepaText(line.holderName)
    transfer.creditorIBAN = line.iban
    // Cents to euros: the library writes two decimals.
    transfer.amount = line.amountCents / 100
    transfer.remittanceInfo = sepaText(`Streamdeals payout ${line.username}`, 140)
    transfer.end2endId = referenceOf(line.payoutId)
    info.addTransaction(transfer)
  }
  return doc.toString()
}
