/** The words drawn on a PDF the server printed (pdf-lib, standard fonts), in drawing order. */
import { inflateSync } from 'node:zlib'

// The WinAnsi bytes that differ from Latin-1 and that the documents use.
const WIN_ANSI: Record<number, string> = { 128: '€', 146: '’', 150: '–', 151: '—', 133: '…' }

/** The words drawn on a pdf-lib PDF: its content streams inflated, each `<hex> Tj` decoded (WinAnsi). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1')
  const words: string[] = []
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    // The end-of-line before `endstream` may be "\n" or "\r\n", and compressed data may itself end in
    // a 0x0D byte: try the stream with and without that last byte rather than guess (a guess made this
    // test fail about once in 256 runs).
    const data = match[1] ?? ''
    const content = [data, data.replace(/\r$/, '')]
      .map((candidate) => {
        try {
          return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1')
        } catch {
          return null
        }
      })
      .find((inflated) => inflated !== null)
    if (!content) continue
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      const bytes = [...Buffer.from(hex[1] ?? '', 'hex')]
      words.push(bytes.map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(''))
    }
  }
  return words.join('\n')
}
