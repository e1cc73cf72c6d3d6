/**
 * A document's row keeps its label clear of the number columns: a long mission title is cut with an
 * ellipsis where the next column starts, measured in the font, not counted in characters.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { expect, test } from 'vitest'
import { newPdf } from '#server/lib/pdf-layout.ts'
import { pdfText } from '../server/pdf-text'

const PAGE_WIDTH = 595.28
const MARGIN = 50

test('a long label stops before the date column, cut with an ellipsis', async () => {
  const { doc, writer } = await newPdf({ title: 't', author: 'a', locale: 'fr', createdAt: new Date(0) })
  const label = 'Gains — Jouez à Starfall Odyssey en direct (NB9SQFRG)'
  const date = '29/11/2026'
  writer.row([label, date, '', '0,60 €'])
  const [drawn] = pdfText(Buffer.from(await doc.save())).split('\n')
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
  const dateStarts = PAGE_WIDTH - MARGIN - 190 - font.widthOfTextAtSize(date, 10)
  expect(drawn?.endsWith('…')).toBe(true)
  expect(MARGIN + font.widthOfTextAtSize(drawn ?? '', 10)).toBeLessThanOrEqual(dateStarts - 8)
})

test('a short label is drawn whole', async () => {
  const { doc, writer } = await newPdf({ title: 't', author: 'a', locale: 'en', createdAt: new Date(0) })
  writer.row(['Payout', '29/11/2026', '', '€10.00'])
  expect(pdfText(Buffer.from(await doc.save())).split('\n')[0]).toBe('Payout')
})
