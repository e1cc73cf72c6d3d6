/**
 * PDFs for the KYC upload checks: a clean scan-like document, and the hostile ones an attacker would
 * send, built with pdf-lib itself or written by hand where pdf-lib would normalise the trick away.
 */
import { deflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib'

/** One A4 page with a line of text, as a scanner's PDF export would look, plus an author in /Info. */
export async function cleanPdf(options: { useObjectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.setAuthor('Ada Lovelace')
  const page = doc.addPage([595, 842])
  page.drawText('IDENTITY CARD - LOVELACE ADA', {
    x: 50,
    y: 780,
    font: await doc.embedFont(StandardFonts.Helvetica),
  })
  return Buffer.from(await doc.save({ useObjectStreams: options.useObjectStreams ?? false }))
}

/**
 * A clean page whose catalog opens with a JavaScript action. With `useObjectStreams` the catalog
 * and the action are written compressed inside an object stream, invisible to a byte search.
 */
export async function pdfWithOpenActionScript(options: { useObjectStreams: boolean }): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842])
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') })
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action))
  return Buffer.from(await doc.save({ useObjectStreams: options.useObjectStreams }))
}

/** A clean page carrying an attached executable (the catalog's /EmbeddedFiles name tree). */
export async function pdfWithAttachment(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  doc.addPage([595, 842])
  await doc.attach(Buffer.from('MZ fake executable'), 'invoice.exe', { mimeType: 'application/octet-stream' })
  return Buffer.from(await doc.save())
}

/**
 * A PDF written by hand, with a correct cross-reference table: `catalogExtra` goes into the catalog
 * dictionary as written (so name escapes reach the parser untouched), `extraObjects` are appended as
 * objects 4, 5, ... and `update` adds an incremental update redefining objects after the first %%EOF.
 */
export function handWrittenPdf(
  options: { catalogExtra?: string; extraObjects?: Buffer[]; update?: Buffer[] } = {},
): Buffer {
  const objects: Buffer[] = [
    Buffer.from(`<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`, 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
    ...(options.extraObjects ?? []),
  ]
  const revision = (start: Buffer, bodies: Buffer[], firstNumber: number, previousXref?: number) => {
    const parts: Buffer[] = [start]
    let offset = start.length
    const offsets: number[] = []
    bodies.forEach((body, index) => {
      offsets.push(offset)
      const object = Buffer.concat([
        Buffer.from(`${firstNumber + index} 0 obj\n`),
        body,
        Buffer.from('\nendobj\n'),
      ])
      parts.push(object)
      offset += object.length
    })
    // The first section starts with object 0, the head of the free list.
    const free = previousXref === undefined ? ['0000000000 65535 f \n'] : []
    const entries = [...free, ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)]
    const prev = previousXref === undefined ? '' : ` /Prev ${previousXref}`
    parts.push(
      Buffer.from(
        `xref\n${firstNumber - free.length} ${entries.length}\n${entries.join('')}` +
          `trailer\n<< /Size ${firstNumber + bodies.length} /Root 1 0 R${prev} >>\nstartxref\n${offset}\n%%EOF\n`,
      ),
    )
    return { bytes: Buffer.concat(parts), xref: offset }
  }
  const original = revision(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), objects, 1)
  if (!options.update) return original.bytes
  return revision(original.bytes, options.update, 4, original.xref).bytes
}

/** Object 5: an object stream of 8 KB or so that inflates to `inflatedBytes` (a deflate bomb). */
export function objectStreamBomb(inflatedBytes: number): Buffer {
  const header = '6 0 '
  const body = Buffer.concat([
    Buffer.from(header),
    Buffer.from('<< /A 1 >>'),
    Buffer.alloc(inflatedBytes, 0x20),
  ])
  const compressed = deflateSync(body, { level: 9 })
  return Buffer.concat([
    Buffer.from(
      `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
    ),
    compressed,
    Buffer.from('\nendstream'),
  ])
}
