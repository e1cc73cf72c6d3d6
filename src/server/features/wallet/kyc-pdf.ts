/**
 * A KYC PDF is read by a real PDF parser (pdf-lib's), never searched as text: names may be escaped
 * (`/J#61vaScript`) and objects may sit compressed inside object streams, where no byte pattern sees
 * them. Every object the parser meets is inspected, those unpacked from object streams and those an
 * incremental update replaced included; a PDF holding JavaScript, a launch, an embedded file or an
 * action that runs by itself is refused, and so is anything the parser cannot read strictly.
 *
 * What is stored is not the upload but a copy rebuilt from its pages alone: readers differ in how they
 * find objects (Acrobat follows the cross-reference table, this parser reads the file in order), so
 * an object one of them sees and the other misses must not survive. The rebuilt file also drops the
 * author, the XMP metadata and the earlier revisions, as re-encoding drops a photo's EXIF.
 */
import {
  decodePDFRawStream,
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib'

export type PdfRefusal = 'active_content' | 'unreadable'

export class PdfRefused extends Error {
  constructor(
    readonly reason: PdfRefusal,
    detail: string,
  ) {
    super(detail)
    this.name = 'PdfRefused'
  }
}

// Names (decoded, compared without case) that run code, start programs, carry or fetch other files,
// or send the document somewhere: an ID scan needs none of them.
const ACTIVE_NAMES = new Set(
  [
    'JS',
    'JavaScript',
    'AA',
    'Launch',
    'EmbeddedFile',
    'EmbeddedFiles',
    'EF',
    'FileAttachment',
    'RichMedia',
    'RichMediaContent',
    'RichMediaExecute',
    'SubmitForm',
    'ImportData',
    'GoToE',
    'GoToR',
    'XFA',
  ].map((name) => name.toLowerCase()),
)
const OPEN_ACTION = 'openaction'
const SAFE_OPEN_ACTION = 'goto'

// 4 MB: the most the file's structure (object and cross-reference streams) may inflate to. Real
// structure is a few KB per page; a scan's weight is in its images, which are never decoded here.
// (Parsing inflated structure costs about 80 ms per MB, twice: once to check, once to rebuild.)
const MAX_STRUCTURE_BYTES = 4 * 1024 * 1024
// 1024 bytes: where the PDF specification lets readers look for the closing %%EOF.
const EOF_WINDOW = 1024
// Yield to the event loop every 200 objects: a large file must not stall other requests.
const OBJECTS_PER_TICK = 200
const PDF_HEADER = /^%PDF-[12]\.\d/

/** pdf-lib 1.17's parser members this check hooks into; private in its typings, unchanged since 2021. */
interface ParserInternals {
  context: PDFContext
  bytes: { offset(): number }
  parseObject(): PDFObject
  skipJibberish(): void
  skipWhitespaceAndComments(): void
}

// pdf-lib decodes #xx escapes written in upper case (#4A) and keeps lower-case ones (#4a) as they are,
// where readers decode both: the rest is decoded here. A literal #23 followed by two hex digits gets
// decoded twice; only a name made up to be odd could be refused for it.
const decodedName = (name: PDFName) =>
  name
    .decodeText()
    .replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .toLowerCase()
const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? decodedName(value) : undefined)

/** Parses every object strictly and returns them all, replaced ones included. */
async function parseEveryObject(bytes: Uint8Array): Promise<{ objects: PDFObject[]; context: PDFContext }> {
  const parser = PDFParser.forBytesWithOptions(bytes, OBJECTS_PER_TICK, true)
  const internals = parser as unknown as ParserInternals
  if (typeof internals.skipJibberish !== 'function' || typeof internals.parseObject !== 'function') {
    throw new Error('pdf-lib parser internals changed: the KYC PDF check needs updating')
  }
  const objects: PDFObject[] = []
  const { context } = internals
  const assign = context.assign.bind(context)
  context.assign = (ref: PDFRef, object: PDFObject) => {
    objects.push(object)
    assign(ref, object)
  }
  // pdf-lib skips bytes it cannot read between objects; a well-formed file has none (an HTML page
  // behind a %PDF header is nothing but such bytes).
  const skipJibberish = internals.skipJibberish.bind(parser)
  internals.skipJibberish = () => {
    internals.skipWhitespaceAndComments()
    const before = internals.bytes.offset()
    skipJibberish()
    if (internals.bytes.offset() !== before) throw new PdfRefused('unreadable', 'bytes outside any object')
  }
  // Object and cross-reference streams are inflated by the parser: their size is checked first, so
  // a deflate bomb (1000:1) stops at the budget instead of filling the memory.
  let structureBudget = MAX_STRUCTURE_BYTES
  const parseObject = internals.parseObject.bind(parser)
  internals.parseObject = () => {
    const object = parseObject()
    const type = object instanceof PDFRawStream ? nameOf(object.dict.get(PDFName.of('Type'))) : undefined
    if (object instanceof PDFRawStream && (type === 'objstm' || type === 'xref')) {
      const inflated = decodePDFRawStream(object).getBytes(structureBudget + 1).length
      if (inflated > structureBudget) throw new PdfRefused('unreadable', 'structure streams too large')
      structureBudget -= inflated
    }
    return object
  }
  await parser.parseDocument()
  return { objects, context }
}

/** The first active name found in an object (keys and values, nested dictionaries and arrays). */
function activeContent(root: PDFObject, context: PDFContext): string | undefined {
  const pending: PDFObject[] = [root]
  for (let object = pending.pop(); object; object = pending.pop()) {
    if (object instanceof PDFStream) {
      pending.push(object.dict)
    } else if (object instanceof PDFArray) {
      // One by one, not spread: an array of a million entries would overflow the call's arguments.
      for (const element of object.asArray()) pending.push(element)
    } else if (object instanceof PDFName) {
      if (ACTIVE_NAMES.has(decodedName(object))) return object.decodeText()
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const keyName = decodedName(key)
        if (ACTIVE_NAMES.has(keyName)) return key.decodeText()
        if (keyName === OPEN_ACTION && !isHarmlessOpenAction(value, context)) return key.decodeText()
        pending.push(value)
      }
    }
  }
  return undefined
}

/** An open action that only shows a page (a destination, or a GoTo action) runs nothing. */
function isHarmlessOpenAction(value: PDFObject, context: PDFContext): boolean {
  const action = value instanceof PDFRef ? context.lookup(value) : value
  if (!(action instanceof PDFDict)) return true
  return nameOf(action.get(PDFName.of('S'))) === SAFE_OPEN_ACTION
}

const endsWithEof = (bytes: Buffer) =>
  bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)).includes('%%EOF')

/**
 * Checks a PDF and returns the rebuilt copy to store; throws PdfRefused with the reason to show.
 * Pages keep their content, fonts and images; annotations (links, comments) do not survive.
 */
export async function checkKycPdf(bytes: Buffer): Promise<Buffer> {
  if (!PDF_HEADER.test(bytes.subarray(0, 8).toString('latin1')) || !endsWithEof(bytes)) {
    throw new PdfRefused('unreadable', 'no PDF header or trailer')
  }
  let parsed: Awaited<ReturnType<typeof parseEveryObject>>
  try {
    parsed = await parseEveryObject(bytes)
  } catch (error) {
    if (error instanceof PdfRefused) throw error
    // Invalid objects, unsupported filters, nesting deep enough to overflow the stack: not a scan.
    throw new PdfRefused('unreadable', error instanceof Error ? error.message : String(error))
  }
  if (parsed.context.trailerInfo.Encrypt) {
    // Encrypted streams cannot be inspected, and a reviewer would need the password anyway.
    throw new PdfRefused('unreadable', 'encrypted')
  }
  for (const object of parsed.objects) {
    const found = activeContent(object, parsed.context)
    if (found) throw new PdfRefused('active_content', `/${found}`)
  }
  return rebuildFromPages(bytes)
}

// Page entries that carry interaction or hidden data rather than what the page shows.
const DROPPED_PAGE_ENTRIES = ['Annots', 'AA', 'Metadata', 'PieceInfo'].map((name) => PDFName.of(name))

async function rebuildFromPages(bytes: Uint8Array): Promise<Buffer> {
  try {
    const source = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false })
    const pages = source.getPages()
    if (pages.length === 0) throw new PdfRefused('unreadable', 'no page')
    for (const page of pages) for (const entry of DROPPED_PAGE_ENTRIES) page.node.delete(entry)
    const copy = await PDFDocument.create({ updateMetadata: false })
    for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page)
    return Buffer.from(await copy.save())
  } catch (error) {
    if (error instanceof PdfRefused) throw error
    // A page tree pdf-lib cannot walk or copy (a loop, a missing page object) is not a usable scan.
    throw new PdfRefused('unreadable', error instanceof Error ? error.message : String(error))
  }
}
